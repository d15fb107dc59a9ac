import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import {
  chownSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { connect } from "node:net";
import os from "node:os";
import path from "node:path";

// Debian's nginx with the shipped site file (deploy/nginx/rifq.conf), as a volunteer installs it,
// with only what a test must change: its ports, its processes' ports, its certificate.

export const NGINX = ["/usr/sbin/nginx", "/usr/bin/nginx"].find((file) => existsSync(file));
/** Debian's nobody: nginx runs as it when the test runs as root (as CI does). */
const NOBODY = 65534;

export interface SiteNginx {
  httpsUrl: string;
  httpUrl: string;
  /** The certificate made for this run, to trust. */
  ca: string;
  /** nginx's master process (its worker is its child: a bench reads their CPU time). */
  pid: number | undefined;
  /** nginx's error log so far (an upstream that refused or closed, a request passed on). */
  errorLog(): string;
  stop(): Promise<void>;
}

/** Replaces `from` in `text`, which must contain it: the shipped file changed shape otherwise. */
function swap(text: string, from: string, to: string) {
  if (!text.includes(from)) throw new Error(`deploy/nginx/rifq.conf no longer has «${from}»`);
  return text.replaceAll(from, to);
}

/**
 * The shipped site with this run's ports and files: HTTP and HTTPS on 127.0.0.1 only (no IPv6),
 * the upstream's two servers on `appPorts`, the redirect naming the HTTPS port.
 */
export function siteForTest(
  site: string,
  {
    httpPort,
    httpsPort,
    appPorts,
    root,
  }: { httpPort: number; httpsPort: number; appPorts: [number, number]; root: string },
) {
  let text = site;
  text = swap(text, "    listen [::]:80;\n", "");
  text = swap(text, "    listen [::]:443 ssl http2;\n", "");
  text = swap(text, "listen 80;", `listen 127.0.0.1:${httpPort};`);
  text = swap(text, "listen 443 ssl http2;", `listen 127.0.0.1:${httpsPort} ssl http2;`);
  text = swap(text, "https://$host$request_uri", `https://$host:${httpsPort}$request_uri`);
  text = swap(text, "server 127.0.0.1:3001 ", `server 127.0.0.1:${appPorts[0]} `);
  text = swap(text, "server 127.0.0.1:3002 ", `server 127.0.0.1:${appPorts[1]} `);
  text = swap(text, "/etc/letsencrypt/live/rifq.example.org/fullchain.pem", `${root}/cert.pem`);
  text = swap(text, "/etc/letsencrypt/live/rifq.example.org/privkey.pem", `${root}/key.pem`);
  text = swap(text, "root /var/www/html;", `root ${root}/acme;`);
  return text;
}

/** The main configuration: Debian's defaults that matter, every path inside `root`. */
function mainConfig(root: string) {
  return `daemon off;
worker_processes 1;
pid ${root}/nginx.pid;
error_log ${root}/error.log warn;
events { worker_connections 256; }
http {
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    access_log off;
    sendfile on;
    tcp_nopush on;
    client_body_temp_path ${root}/body;
    proxy_temp_path ${root}/proxy;
    fastcgi_temp_path ${root}/fastcgi;
    uwsgi_temp_path ${root}/uwsgi;
    scgi_temp_path ${root}/scgi;
    # Debian's /etc/nginx/nginx.conf turns gzip on for every site: the site must turn it off.
    gzip on;
    include ${root}/rifq.conf;
}
`;
}

async function listening(port: number, child: ChildProcess, root: string) {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`nginx exited: ${readFileSync(path.join(root, "error.log"), "utf8")}`);
    }
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, "127.0.0.1", () => {
        socket.end();
        resolve(true);
      }).on("error", () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("nginx did not start listening");
}

/** Starts nginx (not as root) with the shipped site in front of the two app processes. */
export async function startSiteNginx(ports: {
  httpPort: number;
  httpsPort: number;
  appPorts: [number, number];
}): Promise<SiteNginx> {
  if (!NGINX) throw new Error("nginx is not installed: apt-get install nginx");
  const root = mkdtempSync(path.join(os.tmpdir(), "rifq-nginx-site-"));
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-days",
      "1",
      "-keyout",
      path.join(root, "key.pem"),
      "-out",
      path.join(root, "cert.pem"),
      "-subj",
      "/CN=127.0.0.1",
      "-addext",
      "subjectAltName=IP:127.0.0.1",
    ],
    { stdio: "ignore" },
  );
  const site = readFileSync("deploy/nginx/rifq.conf", "utf8");
  writeFileSync(path.join(root, "rifq.conf"), siteForTest(site, { ...ports, root }));
  writeFileSync(path.join(root, "nginx.conf"), mainConfig(root));
  const asRoot = process.getuid?.() === 0;
  if (asRoot)
    for (const file of ["", ...readdirSync(root)]) chownSync(path.join(root, file), NOBODY, NOBODY);
  const child = spawn(NGINX, ["-p", root, "-c", path.join(root, "nginx.conf")], {
    stdio: ["ignore", "ignore", "inherit"],
    ...(asRoot ? { uid: NOBODY, gid: NOBODY } : {}),
  });
  await listening(ports.httpsPort, child, root);
  return {
    httpsUrl: `https://127.0.0.1:${ports.httpsPort}`,
    httpUrl: `http://127.0.0.1:${ports.httpPort}`,
    ca: readFileSync(path.join(root, "cert.pem"), "utf8"),
    pid: child.pid,
    errorLog: () => readFileSync(path.join(root, "error.log"), "utf8"),
    async stop() {
      if (child.exitCode === null) {
        await new Promise((resolve) => {
          child.once("exit", resolve);
          child.kill("SIGTERM");
        });
      }
      rmSync(root, { recursive: true, force: true });
    },
  };
}

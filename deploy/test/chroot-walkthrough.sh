#!/usr/bin/env bash
# Follows docs/deploy.md, path (b) — PostgreSQL, S3, two processes behind nginx — on a clean
# Debian 12 made by debootstrap, and checks the site it gives. The commands run are the guide's
# own, read from its ```sh blocks, with the substitutions below; each substitution must find its
# text in the guide or the walk-through stops (a changed guide needs a changed walk-through).
#
#   sudo deploy/test/chroot-walkthrough.sh [--from STEP] [CHROOT]   (default CHROOT:
#                                                                     /var/tmp/rifq-deploy-chroot)
#   sudo deploy/test/chroot-walkthrough.sh --clean [CHROOT]   stops what it started, unmounts
#
# Needs, on the machine that runs it: root, debootstrap, iproute2 (`ip netns`), git, this
# checkout with its node_modules (pdf-lib makes the PDF it uploads), and Node 20 installed from
# NodeSource's `nodejs` package (see "Node" below). Reaches only Debian's mirror
# (deb.debian.org) and the npm registry. Took 25 minutes on 2 busy cores (load 16–23), and
# needs ~840 MB of memory for the build. `--from STEP` (3 or later) re-runs from that step on a
# chroot the script made before (steps 1–2 are not repeatable: the user exists); the processes
# are restarted.
#
# Substitutions, and why:
# - Network: apt (step 1) and npm (step 3) use this machine's network; everything that listens
#   (PostgreSQL, s3rver, rifq@3001/3002, nginx) runs in a network namespace of its own
#   (`ip netns`), so the guide's ports 5432, 3001, 3002, 80 and 443 are used as written without
#   meeting this machine's own services.
# - Services: systemd is not PID 1 in a chroot. Packages are installed with a policy-rc.d that
#   forbids starting services (else postgresql and nginx would start in this machine's network);
#   PostgreSQL is then started with `pg_ctlcluster 15 main start` in the namespace, nginx with
#   `nginx`, and each `systemctl enable --now rifq@PORT` by rifq-unit-by-hand (below), which
#   reads the unit file's User, WorkingDirectory, UMask, Environment, EnvironmentFile and
#   ExecStart and starts that command as systemd would (its output in /var/log/rifq@PORT.log,
#   read instead of `journalctl -u rifq@PORT`). The unit file is checked with
#   `systemd-analyze verify`. Not exercised: the sandbox (ProtectSystem=… etc.), Restart=.
# - Node: NodeSource's repository is not reachable from here, so the files of this machine's own
#   NodeSource `nodejs` package (`dpkg -L nodejs`) are copied in, in place of its four commands,
#   with this machine's npm (it may have been upgraded since: here npm 11 for the package's 10).
# - Code: `git clone https://github.com/ASSOCIATION/rifq.git` clones a bare copy of this
#   checkout's HEAD (put at /srv/rifq.git) — commit what you want walked through.
# - TLS: Let's Encrypt cannot reach a chroot: step 6 puts a self-signed certificate where
#   certbot puts its own. The site's name is walkthrough.rifq.test (in the chroot's /etc/hosts).
# - Settings: `nano` is replaced by `sed` lines that set SITE_URL and the S3_* lines.
# - S3: s3rver (from the release's node_modules) on 127.0.0.1:4568 in the namespace, bucket
#   rifq-uploads, plays the S3-compatible service.
# - This machine's egress goes through a TLS-inspecting proxy whose CA the chroot is given
#   (/usr/local/share/ca-certificates, and NODE_EXTRA_CA_CERTS for npm) when this machine has it.
set -euo pipefail

REPO=$(cd "$(dirname "$0")/../.." && pwd)
GUIDE=$REPO/docs/deploy.md
DOMAIN=walkthrough.rifq.test
NETNS=rifq-walkthrough
FROM=1
CLEAN=
while [[ $# -gt 0 ]]; do
  case $1 in
    --from) FROM=$2; shift 2 ;;
    --clean) CLEAN=1; shift ;;
    *) break ;;
  esac
done
CHROOT=$(realpath -m "${1:-/var/tmp/rifq-deploy-chroot}")
CHROOT_PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin

say() { printf '\n\033[1m== %s\033[0m\n' "$*"; }

stop_namespace() {
  if ip netns list | grep -qw "$NETNS"; then
    local pids
    pids=$(ip netns pids "$NETNS" || true)
    # shellcheck disable=SC2086
    [[ -n $pids ]] && kill $pids 2>/dev/null || true
    sleep 2
    pids=$(ip netns pids "$NETNS" || true)
    # shellcheck disable=SC2086
    [[ -n $pids ]] && kill -9 $pids 2>/dev/null || true
    ip netns del "$NETNS"
  fi
}

unmount_all() {
  for mount in dev/pts dev proc sys; do
    mountpoint -q "$CHROOT/$mount" && umount -l "$CHROOT/$mount"
  done
  return 0
}

if [[ -n $CLEAN ]]; then
  stop_namespace
  unmount_all
  echo "stopped and unmounted; remove the folder with: rm -rf $CHROOT"
  exit 0
fi

# The ```sh block number N of step S of the guide, as written.
block() {
  local text
  text=$(awk -v step="$1" -v n="$2" '
    /^## / { in_step = index($0, "## " step ". ") == 1; count = 0; next }
    in_step && /^```sh$/ { count++; grab = (count == n); next }
    grab && /^```$/ { exit }
    grab { print }' "$GUIDE")
  [[ -n $text ]] || { echo "docs/deploy.md has no block $2 in step $1" >&2; exit 1; }
  printf '%s\n' "$text"
}

# replace TEXT OLD NEW: OLD must be in TEXT (literally).
replace() {
  [[ $1 == *"$2"* ]] || { printf 'substitution not found in the guide: %s\n' "$2" >&2; exit 1; }
  printf '%s\n' "${1//"$2"/"$3"}"
}

# Runs a script as root in the chroot (in_net: in the walk-through's network namespace).
in_chroot() {
  chroot "$CHROOT" /usr/bin/env -i HOME=/root LANG=C.UTF-8 TERM=dumb PATH="$CHROOT_PATH" \
    ${EXTRA_ENV:-} bash -euo pipefail -xc "$1"
}
in_net() {
  ip netns exec "$NETNS" chroot "$CHROOT" /usr/bin/env -i HOME=/root LANG=C.UTF-8 TERM=dumb \
    PATH="$CHROOT_PATH" bash -euo pipefail -xc "$1"
}
# Runs the guide's text after the guide's YOUR.DOMAIN is given this walk-through's name.
guide() { "$1" "${2//YOUR.DOMAIN/$DOMAIN}"; }

# ---- 0. A clean Debian 12, mounted, with services forbidden to start --------------------------
if [[ ! -e $CHROOT/etc/debian_version ]]; then
  say "0. debootstrap bookworm $CHROOT"
  debootstrap bookworm "$CHROOT" http://deb.debian.org/debian
fi
grep -q '^12\.' "$CHROOT/etc/debian_version"
mountpoint -q "$CHROOT/proc" || mount -t proc proc "$CHROOT/proc"
mountpoint -q "$CHROOT/sys" || mount -t sysfs sysfs "$CHROOT/sys"
mountpoint -q "$CHROOT/dev" || mount --bind /dev "$CHROOT/dev"
mountpoint -q "$CHROOT/dev/pts" || mount --bind /dev/pts "$CHROOT/dev/pts"
cp /etc/resolv.conf "$CHROOT/etc/resolv.conf"
printf '#!/bin/sh\nexit 101\n' >"$CHROOT/usr/sbin/policy-rc.d"
chmod 0755 "$CHROOT/usr/sbin/policy-rc.d"
grep -q "$DOMAIN" "$CHROOT/etc/hosts" || echo "127.0.0.1 $DOMAIN" >>"$CHROOT/etc/hosts"
mkdir -p "$CHROOT/usr/local/share/ca-certificates"
cp /usr/local/share/ca-certificates/*.crt "$CHROOT/usr/local/share/ca-certificates/" 2>/dev/null || true
# A full run starts from nothing; --from keeps what runs in the namespace.
((FROM > 1)) || stop_namespace
if ! ip netns list | grep -qw "$NETNS"; then
  ip netns add "$NETNS"
  ip netns exec "$NETNS" ip link set lo up
fi

# systemctl enable --now rifq@PORT, by hand: the unit file's own settings and command.
cat >"$CHROOT/usr/local/sbin/rifq-unit-by-hand" <<'EOF'
#!/bin/bash
# rifq-unit-by-hand rifq@PORT: starts the instance as systemd would start it from
# /etc/systemd/system/rifq@.service (no systemd in a chroot); output in /var/log/rifq@PORT.log.
set -euo pipefail
unit=$1
instance=${unit#*@}
file=/etc/systemd/system/${unit%@*}@.service
value() { sed -n "s/^$1=//p" "$file" | sed "s/%i/$instance/g"; }
user=$(value User)
settings=()
for assignment in $(value Environment); do settings+=("$assignment"); done
# EnvironmentFile= as systemd reads it (and after Environment=: it overrides it): KEY=VALUE
# lines, # and ; comments on lines of their own, one pair of quotes around a value removed.
while IFS= read -r line || [[ -n $line ]]; do
  [[ $line =~ ^[[:space:]]*([#\;]|$) ]] && continue
  key=${line%%=*} val=${line#*=}
  val=${val%"${val##*[![:space:]]}"}
  [[ $val =~ ^\"(.*)\"$ || $val =~ ^\'(.*)\'$ ]] && val=${BASH_REMATCH[1]}
  settings+=("$key=$val")
done <"$(value EnvironmentFile | sed 's/^-//')"
home=$(getent passwd "$user" | cut -d: -f6)
cd "$(value WorkingDirectory)"
umask "$(value UMask)"
# shellcheck disable=SC2046
exec setsid runuser -u "$user" -- env -i PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin \
  HOME="$home" USER="$user" LOGNAME="$user" "${settings[@]}" $(value ExecStart) \
  >>"/var/log/$unit.log" 2>&1 </dev/null
EOF
chmod 0755 "$CHROOT/usr/local/sbin/rifq-unit-by-hand"

# Stops what listens on PORT in the namespace (a re-run with --from).
stop_port() {
  local pids
  pids=$(ip netns exec "$NETNS" ss -Hltnp "sport = :$1" | { grep -o 'pid=[0-9]*' || true; } | cut -d= -f2 | sort -u)
  # shellcheck disable=SC2086
  [[ -z $pids ]] || { kill $pids; sleep 2; }
}

start_services() {
  say "PostgreSQL 15 (systemd would have started it at install) in the namespace"
  in_net "pg_ctlcluster 15 main status >/dev/null || pg_ctlcluster 15 main start"
  say "s3rver on 127.0.0.1:4568, bucket rifq-uploads (the S3-compatible service)"
  stop_port 4568
  in_net "install -d /var/lib/s3rver
    setsid node /opt/rifq/current/node_modules/s3rver/bin/s3rver.js -d /var/lib/s3rver \
      -a 127.0.0.1 -p 4568 --configure-bucket rifq-uploads >/var/log/s3rver.log 2>&1 </dev/null &
    until (exec 3<>/dev/tcp/127.0.0.1/4568) 2>/dev/null; do sleep 0.5; done"
}

if ((FROM <= 1)); then
  say "1. Packages and Node 20"
  step1=$(block 1 1)
  nodesource='install -d -m 0755 /etc/apt/keyrings
curl -fsSL https://deb.nodesource.com/gpgkey/nodesource-repo.gpg.key \
  | gpg --dearmor -o /etc/apt/keyrings/nodesource.gpg
echo "deb [signed-by=/etc/apt/keyrings/nodesource.gpg] https://deb.nodesource.com/node_20.x nodistro main" \
  > /etc/apt/sources.list.d/nodesource.list
apt-get update
apt-get install -y nodejs'
  step1=$(replace "$step1" "$nodesource" "# (the NodeSource nodejs package: copied in from this machine)")
  # Node: the files of this machine's NodeSource nodejs package, as apt would install them.
  dpkg -s nodejs | grep -q '^Maintainer: NodeSource' ||
    { echo "this machine's nodejs is not NodeSource's package" >&2; exit 1; }
  # (npm as this machine has it: it may be newer than the one the package brought.)
  dpkg -L nodejs | grep -v '^/usr/lib/node_modules/npm/' |
    while read -r file; do [[ -f $file || -L $file ]] && echo "${file#/}"; done |
    tar -C / -cf - -T - | tar -C "$CHROOT" -xf -
  rm -rf "$CHROOT/usr/lib/node_modules/npm"
  cp -a /usr/lib/node_modules/npm "$CHROOT/usr/lib/node_modules/npm"
  guide in_chroot "$step1"
  guide in_chroot "$(block 1 2)"
fi

if ((FROM <= 2)); then
  say "2. The site's user and folders"
  guide in_chroot "$(block 2 1)"
fi

if ((FROM <= 3)); then
  say "3. The code, installed and built"
  rm -rf "$CHROOT/srv/rifq.git"
  git clone --bare --quiet "$REPO" "$CHROOT/srv/rifq.git"
  chroot "$CHROOT" chown -R rifq:rifq /srv/rifq.git   # (git refuses a repository of another user)
  step3=$(replace "$(block 3 1)" "https://github.com/ASSOCIATION/rifq.git" "/srv/rifq.git")
  EXTRA_ENV="NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt" guide in_chroot "$step3"
fi

if ((FROM <= 4)); then
  start_services
  if ((FROM == 4)); then   # a re-run: step 4 makes the database and its user anew
    in_net "runuser -u postgres -- dropdb --if-exists --force rifq
      runuser -u postgres -- psql -c 'drop role if exists rifq'"
  fi
  say "4. The settings"
  step4=$(replace "$(block 4 1)" "nano /etc/rifq/rifq.env" \
    "sed -i -e 's|^SITE_URL=.*|SITE_URL=https://YOUR.DOMAIN|' \\
  -e 's|^# S3_ENDPOINT=.*|S3_ENDPOINT=http://127.0.0.1:4568|' \\
  -e 's|^# S3_REGION=|S3_REGION=|' -e 's|^# S3_BUCKET=|S3_BUCKET=|' \\
  -e 's|^# S3_ACCESS_KEY_ID=.*|S3_ACCESS_KEY_ID=S3RVER|' \\
  -e 's|^# S3_SECRET_ACCESS_KEY=.*|S3_SECRET_ACCESS_KEY=S3RVER|' /etc/rifq/rifq.env")
  guide in_net "$step4"
  guide in_net "$(block 4 2)"
elif ((FROM <= 5)); then
  start_services
fi

if ((FROM <= 5)); then
  say "5. The service"
  stop_port 3001
  stop_port 3002
  step5=$(block 5 1)
  step5=$(replace "$step5" "systemctl daemon-reload" \
    "systemd-analyze verify /etc/systemd/system/rifq@3001.service")
  step5=$(replace "$step5" "systemctl enable --now rifq@3001" \
    "rifq-unit-by-hand rifq@3001 &")
  step5b=$(replace "$(block 5 2)" "systemctl enable --now rifq@3002" \
    "rifq-unit-by-hand rifq@3002 &")
  # Both at once on the empty database (the guide's "two processes started at once").
  guide in_net "$step5
$step5b
sleep 1"
  in_net "for port in 3001 3002; do
    for try in \$(seq 120); do curl -fsS http://127.0.0.1:\$port/healthz && break; sleep 1; done
    curl -fsS http://127.0.0.1:\$port/healthz; echo; done
    # Started at once on the empty database, they applied each migration once.
    shipped=\$(grep -c '\"tag\"' /opt/rifq/current/database/migrations/meta/_journal.json)
    applied=\$(runuser -u postgres -- psql -At rifq \\
      -c 'select count(*), count(distinct hash) from drizzle.__drizzle_migrations')
    echo \"migrations: \$shipped shipped, applied (rows|distinct): \$applied\"
    test \"\$applied\" = \"\$shipped|\$shipped\""
fi

if ((FROM <= 6)); then
  say "6. TLS (a self-signed certificate where certbot puts Let's Encrypt's)"
  block 6 1 >/dev/null
  in_chroot "install -d /etc/letsencrypt/live/$DOMAIN
    openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -days 30 \
      -subj /CN=$DOMAIN -addext subjectAltName=DNS:$DOMAIN \
      -keyout /etc/letsencrypt/live/$DOMAIN/privkey.pem \
      -out /etc/letsencrypt/live/$DOMAIN/fullchain.pem"
fi

if ((FROM <= 7)); then
  say "7. nginx"
  in_net "[[ ! -e /run/nginx.pid ]] || nginx -s quit; sleep 1
    rm -f /etc/nginx/sites-enabled/rifq; ln -sf ../sites-available/default /etc/nginx/sites-enabled/default"
  step7=$(replace "$(block 7 1)" "systemctl reload nginx" "nginx")
  guide in_net "$step7"
fi

if ((FROM <= 8)); then
  say "8. First run, and the checks"
  in_net "grep -o 'https://[^ \"]*/setup[^ \"]*' /var/log/rifq@3001.log /var/log/rifq@3002.log"
  code=$(grep -ho '/setup?code=[^ "\\]*' "$CHROOT"/var/log/rifq@300[12].log | head -1 | cut -d= -f2)
  [[ -n $code ]] || { echo "no /setup link in the logs" >&2; exit 1; }
  # A real PDF to upload (pdf-lib from this checkout), as a volunteer's browser would send it.
  (cd "$REPO" && node --input-type=module -e "
    import { PDFDocument, StandardFonts } from 'pdf-lib';
    import { writeFileSync } from 'node:fs';
    const document = await PDFDocument.create();
    const font = await document.embedFont(StandardFonts.Helvetica);
    document.addPage([595, 842]).drawText('Annual report 2025', { x: 50, y: 780, font });
    writeFileSync('$CHROOT/root/report.pdf', await document.save());")
  cat >"$CHROOT/root/walkthrough-checks.sh" <<'EOF'
# Step 8's checks, through nginx as a visitor's browser goes (DOMAIN and CODE given).
site=https://$DOMAIN
get() { curl -sS --cacert "/etc/letsencrypt/live/$DOMAIN/fullchain.pem" -b /root/jar -c /root/jar "$@"; }
rm -f /root/jar
# HTTP moves to HTTPS.
test "$(curl -sS -o /dev/null -w '%{http_code} %{redirect_url}' "http://$DOMAIN/")" = "301 $site/"
# The home page over HTTPS, in Arabic.
get -o /root/home.html -w 'home: %{http_code} HTTP/%{http_version}\n' --compressed "$site/"
grep -q '<html lang="ar" dir="rtl"' /root/home.html
grep -o '<title>[^<]*</title>' /root/home.html
# Readiness through nginx: the database, S3 and the mail queue.
test "$(get -o /root/readyz.json -w '%{http_code}' "$site/readyz")" = 200
cat /root/readyz.json; echo
# The first administrator, through nginx, with the code from the log; then signing in.
test "$(get -o /dev/null -w '%{http_code}' -H "origin: $site" --data-urlencode "code=$CODE" \
  --data-urlencode 'fullName=مدير الموقع' --data-urlencode "email=admin@$DOMAIN" \
  --data-urlencode 'password=Walk-through-2026!' "$site/setup")" = 302
test "$(get -o /dev/null -w '%{http_code}' -H "origin: $site" -d intent=sign-in \
  --data-urlencode "email=admin@$DOMAIN" --data-urlencode 'password=Walk-through-2026!' \
  "$site/login")" = 302
# The session cookie is Secure (the jar's fourth column).
awk -F '\t' -v domain="$DOMAIN" 'index($1, domain) && $4 == "TRUE" { found = 1 } END { exit !found }' /root/jar
# An upload through nginx: a PDF document, stored in S3 (s3rver), then served back.
test "$(get -o /dev/null -w '%{http_code}' -H "origin: $site" -H 'accept: text/html' \
  -F 'title=التقرير السنوي' -F category=reports -F year=2025 -F status=published \
  -F 'file=@/root/report.pdf;type=application/pdf' "$site/admin/dashboard/documents/new")" = 302
find /var/lib/s3rver/rifq-uploads -type f | grep .
runuser -u postgres -- psql -At rifq -c "select title, size_bytes, file_key from documents"
path=$(runuser -u postgres -- psql -At rifq \
  -c "select id || '/' || left(file_sha256, 16) || '.pdf' from documents limit 1")
test "$(get -o /root/back.pdf -w '%{http_code}' "$site/documents/$path")" = 200
cmp /root/back.pdf /root/report.pdf
echo "the PDF comes back through nginx as it was uploaded"
EOF
  in_net "DOMAIN=$DOMAIN CODE=$code bash -euxo pipefail /root/walkthrough-checks.sh"
fi

if ((FROM <= 10)); then
  say "10. A backup by hand (path b: pg_dump while the site runs)"
  step10=$(block 10 1)
  guide in_net "$step10; ls -l /var/lib/rifq/backups"
fi

say "11. Is it healthy? (/healthz, /readyz; npm run doctor as step 11 gives it)"
in_net "curl -fsS --cacert /etc/letsencrypt/live/$DOMAIN/fullchain.pem https://$DOMAIN/healthz
  echo
  curl -fsS --cacert /etc/letsencrypt/live/$DOMAIN/fullchain.pem https://$DOMAIN/readyz
  echo"
# Node trusts the self-signed certificate only when told (Let's Encrypt's it trusts as it is);
# without SMTP_URL the doctor fails that one check, and only that one.
doctor=$(in_net "cd /opt/rifq/current
  runuser -u rifq -- sh -c 'set -a; . /etc/rifq/rifq.env; set +a; \
    NODE_EXTRA_CA_CERTS=/etc/letsencrypt/live/$DOMAIN/fullchain.pem npm run doctor'" 2>&1 || true)
printf '%s\n' "$doctor"
if [[ $(grep -c '^✗' <<<"$doctor") != 1 ]] || ! grep -q '^✗ SMTP_URL' <<<"$doctor"; then
  echo "npm run doctor found more to fix than the unset SMTP_URL" >&2
  exit 1
fi

say "Done: docs/deploy.md path (b) walked through in $CHROOT. Clean up with: $0 --clean $CHROOT"

// Response compression for the server and the tests' in-process server (one set-up).
import { constants as zlib } from "node:zlib";
import compression from "compression";

const compress = compression({
  filter: (req, res) => req.path !== "/realtime" && compression.filter(req, res),
  brotli: { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } },
});

/**
 * Compresses every response but Server-Sent Events, which must reach the browser as they are
 * written. Brotli at quality 5 costs what the default 4 does (~1 ms a page) and is 8 % smaller: a
 * page rendered for its first visitor fits the first 14 KB round trip (stored pages are compressed
 * harder, once: server/page-cache.ts).
 */
export const compressResponses = () => (req, res, next) =>
  compress(req, res, () => {
    oneDrainListener(res);
    next();
  });

/**
 * `compression` hands `res.on("drain")` to its compressor but not `res.off("drain")`, so each wait
 * for a drain (React Router's streamed render: `once("drain")`, then `off`) leaves a listener on
 * the compressor until the response ends — a big page left eleven, and Node's leak warning
 * (expressjs/compression#135). The response gets one drain listener of its own instead, which
 * calls the listeners that are still wanted.
 */
function oneDrainListener(res) {
  const on = res.on;
  const off = res.removeListener;
  const wanted = new Set();
  let attached = false;
  const callWanted = () => {
    for (const listener of [...wanted]) listener.call(res);
  };
  res.on = res.addListener = function (type, listener) {
    if (type !== "drain") return on.call(this, type, listener);
    if (!attached) {
      attached = true;
      on.call(this, "drain", callWanted);
    }
    wanted.add(listener);
    return this;
  };
  res.removeListener = res.off = function (type, listener) {
    if (type !== "drain") return off.call(this, type, listener);
    wanted.delete(listener);
    return this;
  };
}

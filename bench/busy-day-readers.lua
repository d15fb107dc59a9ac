-- Readers of `npm run bench:busy-day` (bench/busy-day.js): each wrk connection asks for the next
-- of BUSY_PATHS ("|" between them), waiting about BUSY_INTERVAL_MS between its requests (wrk's
-- delay(), jittered ±50 %, so connections do not march in step): a steady rate of
-- connections × 1000 / (interval + latency) requests a second. BUSY_COOKIE, when set, is sent
-- with every request (a signed session cookie: past the page cache). Each request comes from a
-- reader's own address (X-Forwarded-For, trusted from loopback): a search is limited per client
-- (60 a minute), and one address for every reader would be refused as one person.
-- Prints one JSON line.
local paths = {}
for path in string.gmatch(os.getenv("BUSY_PATHS") or "/", "[^|]+") do
  table.insert(paths, path)
end
local interval = tonumber(os.getenv("BUSY_INTERVAL_MS") or "100")
local cookie = os.getenv("BUSY_COOKIE")
local next_path = 0

function init(args)
  math.randomseed(os.time() + tonumber(tostring({}):sub(8), 16) % 100000)
  next_path = math.random(#paths)
  wrk.headers["Accept"] = "text/html"
  wrk.headers["Accept-Encoding"] = "br, gzip"
  if cookie and cookie ~= "" then
    wrk.headers["Cookie"] = cookie
  end
end

function delay()
  return math.floor(interval * (0.5 + math.random()))
end

function request()
  next_path = next_path % #paths + 1
  local headers = { ["X-Forwarded-For"] = string.format("10.40.%d.%d", math.random(0, 255), math.random(1, 254)) }
  for name, value in pairs(wrk.headers) do
    headers[name] = value
  end
  return wrk.format("GET", paths[next_path], headers)
end

function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    '{"requests":%d,"durationUs":%d,"p50Us":%d,"p95Us":%d,"p99Us":%d,"maxUs":%d,' ..
      '"status":%d,"connect":%d,"read":%d,"write":%d,"timeout":%d}\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(95),
    latency:percentile(99), latency.max, e.status, e.connect, e.read, e.write, e.timeout))
end

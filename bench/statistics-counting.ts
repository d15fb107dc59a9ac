// Part of `npm run bench:statistics`: the CPU counting adds to one cached page, measured in
// process (wrk on a loaded machine cannot resolve a hundredth of a millisecond): the fast path's
// call for a stored page, on a realistic request, for COUNTING_CALLS requests spread over 50
// addresses and 20 browsers, beside the same loop with counting off. Prints µs per request.
import { cpuUsage } from "node:process";
import { createPageViewCounter } from "../server/page-views";

const CALLS = Number(process.env.COUNTING_CALLS ?? 1_000_000);
const requests = Array.from({ length: 1000 }, (_, i) => ({
  method: "GET",
  url: i % 7 === 0 ? `/media/news/%D8%AE%D8%A8%D8%B1-${i % 50}` : `/about/page-${i % 50}`,
  headers: {
    accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
    "user-agent": `Mozilla/5.0 (Linux; Android 14; Pixel ${i % 20}) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36`,
    referer: i % 3 === 0 ? "https://www.google.com/" : "http://127.0.0.1/",
    host: "127.0.0.1",
  },
}));

function measure(counter: ReturnType<typeof createPageViewCounter>) {
  for (let i = 0; i < 50_000; i++)
    counter.countStored(requests[i % requests.length] ?? requests[0]);
  const before = cpuUsage();
  for (let i = 0; i < CALLS; i++) counter.countStored(requests[i % requests.length] ?? requests[0]);
  const used = cpuUsage(before);
  return (used.user + used.system) / CALLS;
}

const on = measure(createPageViewCounter());
const off = measure(createPageViewCounter({ enabled: false }));
console.log(
  `in process, ${CALLS.toLocaleString("en")} stored pages: counting ${on.toFixed(3)} µs CPU/request, ` +
    `off ${off.toFixed(3)} µs — counting adds ${((on - off) / 1000).toFixed(5)} ms/request`,
);

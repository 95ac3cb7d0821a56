-- wrk's end-of-run report as one JSON line for scripts/bench/load.ts: requests, the run's length
-- and latencies in microseconds, answers other than 200 (a redirect to the sign-in page counts),
-- and socket errors.
local threads = {}

setup = function(thread)
  table.insert(threads, thread)
end

non200 = 0
response = function(status, headers, body)
  if status ~= 200 then non200 = non200 + 1 end
end

done = function(summary, latency, requests)
  local other = 0
  for _, thread in ipairs(threads) do other = other + thread:get("non200") end
  local e = summary.errors
  io.write(string.format('{"requests":%d,"durationUs":%d,"non200":%d,"socketErrors":%d,"minUs":%d,"p50Us":%d,"p99Us":%d,"maxUs":%d}\n',
    summary.requests, summary.duration, other, e.connect + e.read + e.write + e.timeout,
    latency.min, latency:percentile(50), latency:percentile(99), latency.max))
end

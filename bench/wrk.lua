-- wrk script for npm run bench. Settings come from the environment:
--   BENCH_METHOD  GET or POST (POST sends BENCH_BODY as application/json)
--   BENCH_UA      the user agent header
--   BENCH_HEADERS further headers, one "name: value" a line
--   BENCH_QUOTA   when > 0: send exactly this many real requests, then only GET /api/bench-filler
--                 (answered 404 and never stored), so every real request is answered before wrk stops
-- Every answer is counted by status: 2xx/3xx acknowledge a real request, 404 a filler.
wrk.method = os.getenv("BENCH_METHOD") or "GET"
wrk.headers["user-agent"] = os.getenv("BENCH_UA")
for line in string.gmatch(os.getenv("BENCH_HEADERS") or "", "[^\n]+") do
  local name, value = string.match(line, "^([^:]+):%s*(.*)$")
  if name then wrk.headers[name] = value end
end
if wrk.method == "POST" then
  wrk.body = os.getenv("BENCH_BODY")
  wrk.headers["content-type"] = "application/json"
end

local quota = tonumber(os.getenv("BENCH_QUOTA") or "0")
local threads = {}

function setup(thread)
  table.insert(threads, thread)
end

-- Globals, so that done() can read each thread's counts with thread:get.
acked, fillers, other, sent = 0, 0, 0, 0

if quota > 0 then
  local real, filler
  -- The URL's path is known from init() on, not while this file is loading.
  function init(args)
    real = wrk.format()
    filler = wrk.format("GET", "/api/bench-filler", { ["accept"] = "application/json" }, nil)
    -- wrk calls request() once more on its first thread to check the script, without sending it.
    -- The bench runs one thread (-t1), so the quota is exact.
    sent = -1
  end
  function request()
    sent = sent + 1
    if sent > quota then return filler end
    return real
  end
end

function response(status, headers, body)
  if status >= 200 and status < 400 then
    acked = acked + 1
  elseif status == 404 and quota > 0 then
    fillers = fillers + 1
  else
    other = other + 1
  end
end

function done(summary, latency, requests)
  local a, f, o = 0, 0, 0
  for _, thread in ipairs(threads) do
    a = a + thread:get("acked")
    f = f + thread:get("fillers")
    o = o + thread:get("other")
  end
  io.write(string.format("BENCH acked=%d fillers=%d other=%d\n", a, f, o))
end

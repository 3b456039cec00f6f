// What the game worker watches while it starts (ui/game-worker.mjs): a first visit's download,
// counted for the loading screen, and the failures that must end a start at once.

// A first visit's download, counted as it arrives (`sizes`: the bytes of each file a start
// fetches, by name): fetch() wrapped while Pyodide starts, and pyodide.asm.js (which Pyodide
// imports rather than fetches) counted when it has come. Returns the way back.
export function countDownload(post, sizes) {
  const total = Object.values(sizes).reduce((a, b) => a + b, 0);
  const got = {};
  let told = 0;
  const tell = (now) => {
    // at most ten times a second, and at the end
    const done = Object.values(got).reduce((a, b) => a + b, 0);
    if (!now && done < total && performance.now() - told < 100) return;
    told = performance.now();
    post({ progress: { done, total } });
  };
  const plain = self.fetch;
  self.fetch = async (input, init) => {
    const response = await plain(input, init);
    const url = String(input instanceof Request ? input.url : input);
    const name = Object.keys(sizes).find((n) => url.endsWith(`/${n}`));
    if (!name || !response.ok || !response.body) return response;
    got[name] = 0;
    const reader = response.body.getReader();
    const counted = new ReadableStream({
      async pull(controller) {
        const { done, value } = await reader.read();
        if (done) {
          controller.close();
          tell(true);
          return;
        }
        got[name] += value.length;
        tell();
        controller.enqueue(value);
      },
      cancel(reason) {
        return reader.cancel(reason);
      },
    });
    const { status, statusText, headers } = response;
    return new Response(counted, { status, statusText, headers });
  };
  let observer = null;
  try {
    observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        const name = Object.keys(sizes).find((n) => entry.name.endsWith(`/${n}`));
        if (name && !(name in got)) {
          got[name] = sizes[name];
          tell(true);
        }
      }
    });
    observer.observe({ type: "resource", buffered: true });
  } catch (_e) {
    /* no progress for that file */
  }
  return () => {
    self.fetch = plain;
    if (observer) observer.disconnect();
  };
}

// A file the start needs that cannot be fetched (no network, no server, a 404), or WebAssembly
// that does not compile (a captive portal's page in its place), ends the start at once:
// Pyodide's loader waits forever when its WebAssembly fails (measured in Chromium: a start that
// never ended, where the page then waited six minutes to say so). `failed(why, wasm)`: `wasm`
// when a WebAssembly module failed (a snapshot cut short fails to link: not a file that cannot
// be fetched). Returns the way back.
export function watchStart(failed) {
  const plain = self.fetch;
  const watched = async (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    let response;
    try {
      response = await plain(input, init);
    } catch (error) {
      failed(`${url}: ${error}`);
      throw error;
    }
    if (!response.ok) failed(`${url}: HTTP ${response.status}`);
    return response;
  };
  self.fetch = (input, init) => {
    const answer = watched(input, init);
    // Pyodide awaits the WebAssembly's answer only later: a failure is no uncaught error meanwhile
    answer.catch(() => {});
    return answer;
  };
  const wasm = {};
  for (const name of ["instantiate", "instantiateStreaming"]) {
    wasm[name] = WebAssembly[name];
    if (!wasm[name]) continue;
    WebAssembly[name] = (...args) => {
      const made = wasm[name].apply(WebAssembly, args);
      made.catch((error) => failed(`WebAssembly: ${error}`, true));
      return made;
    };
  }
  return () => {
    self.fetch = plain;
    for (const name in wasm) if (wasm[name]) WebAssembly[name] = wasm[name];
  };
}

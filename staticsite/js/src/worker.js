// The page's Python: Pyodide in a module worker, with the site's own wheels, running the page's live
// cells through staticsite/kernel.py. Everything comes from the site itself (no CDN, no package index):
// the build wrote pyodide-lock.json listing exactly the wheels in its folder, with their hashes, and
// they are fetched in parallel while Pyodide starts.
let kernel = null;
const queue = [];

function post(message, transfer) {
  self.postMessage(message, transfer || []);
}

// A stage of the start, with when it was reached on the page's clock (its messages may wait in a queue).
function stage(name) {
  post({ type: 'stage', stage: name, at: performance.timeOrigin + performance.now() });
}

async function boot(config, cells, query) {
  stage('worker-started');
  const assets = new URL(config.assets, config.pageURL).href;
  const { loadPyodide } = await import(assets + 'pyodide/pyodide.mjs');
  stage('pyodide-imported');
  const pyodide = await loadPyodide({
    indexURL: assets + 'pyodide/',
    lockFileURL: assets + 'pyodide/pyodide-lock.json',
    packages: config.packages,
    env: { HOME: '/home/pyodide', RULES_EXPLORER_BROWSER: '1' },
    stdout: (text) => console.log(text),
    stderr: (text) => console.warn(text),
  });
  stage('python-ready');
  const source = await (await fetch(assets + 'kernel.py')).text();
  pyodide.FS.writeFile('/home/pyodide/re_site_kernel.py', source);
  pyodide.registerJsModule('re_site_post', {
    post: (kind, payload, buffers) => {
      const copied = buffers ? buffers.toJs().map((b) => b.slice().buffer) : [];
      if (buffers) buffers.destroy();
      post({ type: kind, ...JSON.parse(payload), buffers: copied }, copied);
    },
  });
  const module = pyodide.pyimport('re_site_kernel');
  stage('kernel-imported');
  kernel = module.Kernel.callKwargs({ query });
  await kernel.run_cells(JSON.stringify(cells));
  post({ type: 'ready' });
  while (queue.length) await handle(queue.shift());
}

async function handle(msg) {
  if (msg.type === 'comm_msg') {
    await kernel.comm_msg(msg.comm_id, msg.data, (msg.buffers || []).map((b) => new Uint8Array(b)));
  } else if (msg.type === 'comm_close') {
    kernel.comm_close(msg.comm_id);
  }
}

self.onmessage = async (event) => {
  const msg = event.data;
  try {
    if (msg.type === 'run') {
      await boot(msg.config, msg.cells, msg.query);
    } else if (!kernel) {
      queue.push(msg);
    } else {
      await handle(msg);
    }
  } catch (err) {
    post({ type: 'error', cell: null, text: 'This page could not start its Python in your browser. Reload the page to try again.', detail: String(err && err.stack || err) });
  }
};

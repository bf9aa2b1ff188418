// The static site's page runtime: the page's live cells run in a Pyodide worker (worker.js, with
// staticsite/kernel.py as its side of the bridge), and their widgets are drawn here by ipywidgets'
// own HTML widget manager, with anywidget's front end for the tables. No JupyterLab, no kernel server:
// the widget protocol's comm messages go between this page and the worker by postMessage.
//
// While the worker starts, each live cell shows what the build stored for it (the engine's picture of
// the table, drawn by the same code the hub's first paint uses); the live widget replaces it once drawn.
import '@jupyter-widgets/controls/css/widgets-base.css';
import '@jupyter-widgets/controls/css/labvariables.css';
import { HTMLManager } from '@jupyter-widgets/html-manager/lib/htmlmanager';
import * as base from '@jupyter-widgets/base';
import { anywidget } from './anywidget-shim.js';
import { plotlyRenderer, PLOTLY_MIME } from './plotly-renderer.js';
import { keepLinksOnSite } from './links.js';

const WIDGET_VIEW = 'application/vnd.jupyter.widget-view+json';
const page = (window.rulesExplorerSite = { timings: {}, ready: false, errors: [] });
const mark = (name) => { page.timings[name] = performance.now(); };

// A comm's front-end half: messages go to the worker; the worker's replies come in by comm id.
class WorkerComm {
  constructor(worker, commId, targetName) {
    this.worker = worker;
    this.comm_id = commId;
    this.target_name = targetName;
    this._onMsg = null;
    this._onClose = null;
    this._early = []; // messages that came before the model registered its handler
  }
  receive(msg) {
    if (this._onMsg) this._onMsg(msg);
    else this._early.push(msg);
  }
  open() { return ''; }
  send(data, _callbacks, _metadata, buffers) {
    const copied = (buffers || []).map((b) => (b instanceof ArrayBuffer ? b : b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength)));
    this.worker.postMessage({ type: 'comm_msg', comm_id: this.comm_id, data: JSON.stringify(data), buffers: copied }, copied);
    return '';
  }
  close() {
    this.worker.postMessage({ type: 'comm_close', comm_id: this.comm_id });
    return '';
  }
  on_msg(callback) {
    this._onMsg = callback;
    for (const msg of this._early.splice(0)) callback(msg);
  }
  on_close(callback) { this._onClose = callback; }
}

class SiteManager extends HTMLManager {
  constructor(worker) {
    super();
    this.worker = worker;
    this.comms = new Map();
    this.renderMime.addFactory(plotlyRenderer, 0);
  }
  loadClass(className, moduleName, moduleVersion) {
    if (moduleName === 'anywidget') {
      const found = anywidget()[className];
      return found ? Promise.resolve(found) : Promise.reject(new Error(`anywidget has no ${className}`));
    }
    return super.loadClass(className, moduleName, moduleVersion);
  }
  async _create_comm(targetName, modelId) {
    // Models made in the page (none of the project's widgets do) would need the worker to open them.
    const comm = new WorkerComm(this.worker, modelId, targetName);
    this.comms.set(modelId, comm);
    return comm;
  }
  _get_comm_info() { return Promise.resolve({}); }
}

function message(comm, data, buffers) {
  return { content: { comm_id: comm.comm_id, data }, buffers: (buffers || []).map((b) => new DataView(b)), metadata: {} };
}

function cellHost(index) {
  return document.querySelector(`.re-live-cell[data-cell="${index}"]`);
}

function say(host, text, kind) {
  const note = document.createElement('p');
  note.className = `re-site-note re-site-${kind}`;
  note.setAttribute('role', kind === 'error' ? 'alert' : 'status');
  note.textContent = text;
  host.append(note);
  return note;
}

async function show(manager, host, bundle) {
  if (bundle[WIDGET_VIEW]) {
    const model = await manager.get_model(bundle[WIDGET_VIEW].model_id);
    const view = await manager.create_view(model);
    const live = document.createElement('div');
    live.className = 're-live-output';
    live.hidden = true;
    host.append(live);
    await manager.display_view(view, live);
    // Swapped in once drawn, so that the stored picture never leaves an empty gap.
    host.querySelectorAll(':scope > .re-first-paint-stored, :scope > .re-site-starting').forEach((n) => n.remove());
    live.hidden = false;
    return;
  }
  const mime = manager.renderMime.preferredMimeType(bundle, 'any');
  if (!mime) return;
  const renderer = manager.renderMime.createRenderer(mime);
  await renderer.renderModel(manager.renderMime.createModel({ data: bundle }));
  host.append(renderer.node);
}

// Widgets whose state the build stored (the analysis page's answers): drawn with no Python at all.
async function showStored(config) {
  const manager = new SiteManager(null);
  page.storedManager = manager;
  await manager.set_state(config.state);
  for (const cell of config.stored) {
    const host = cellHost(cell.index);
    if (host) await show(manager, host, { [WIDGET_VIEW]: { model_id: cell.stored } });
  }
}

async function start() {
  const cells = document.getElementById('re-cells');
  keepLinksOnSite(document);
  if (!cells) return;
  mark('start');
  const config = JSON.parse(cells.textContent);
  config.pageURL = document.baseURI;
  if (config.stored.length) await showStored(config);
  if (!config.cells.length) {
    page.ready = true;
    document.body.dataset.reSite = 'ready';
    return;
  }
  const hosts = config.cells.filter((c) => c.live).map((c) => cellHost(c.index)).filter(Boolean);
  const notes = hosts.map((host) => say(host, 'Setting up the table in your browser…', 'starting'));
  notes.forEach((n) => n.classList.add('re-site-starting'));
  // The page's head started the worker (and sent it the cells) before this module had loaded; its
  // messages so far wait in `early`.
  const started = window.rulesExplorerWorker || startWorker(config);
  const worker = started.worker;
  const manager = new SiteManager(worker);
  page.manager = manager;
  const pending = [];
  const handle = async (event) => {
    const msg = event.data;
    try {
      if (msg.type === 'comm_open') {
        const comm = new WorkerComm(worker, msg.comm_id, msg.target_name);
        manager.comms.set(msg.comm_id, comm);
        const data = JSON.parse(msg.data);
        const open = { content: { comm_id: msg.comm_id, target_name: msg.target_name, data }, buffers: (msg.buffers || []).map((b) => new DataView(b)), metadata: JSON.parse(msg.metadata || '{}') };
        pending.push(manager.handle_comm_open(comm, open));
      } else if (msg.type === 'comm_msg') {
        const comm = manager.comms.get(msg.comm_id);
        if (comm) comm.receive(message(comm, JSON.parse(msg.data), msg.buffers));
      } else if (msg.type === 'comm_close') {
        const comm = manager.comms.get(msg.comm_id);
        manager.comms.delete(msg.comm_id);
        if (comm && comm._onClose) comm._onClose(message(comm, {}, []));
      } else if (msg.type === 'display') {
        await Promise.all(pending);
        const host = cellHost(msg.cell);
        if (host) await show(manager, host, JSON.parse(msg.data));
        if (!page.firstDisplay) { page.firstDisplay = true; mark('displayed'); }
      } else if (msg.type === 'stage') {
        page.timings[msg.stage] = msg.at ? msg.at - performance.timeOrigin : performance.now();
      } else if (msg.type === 'error') {
        page.errors.push(msg.text);
        console.error(`rules-explorer site: ${msg.text}\n${msg.detail || ''}`);
        const host = cellHost(msg.cell) || document.querySelector('main');
        host.querySelectorAll('.re-site-starting').forEach((n) => n.remove());
        say(host, msg.text, 'error');
      } else if (msg.type === 'ready') {
        await Promise.all(pending);
        document.querySelectorAll('.re-site-starting').forEach((n) => n.remove());
        page.ready = true;
        mark('ready');
        document.body.dataset.reSite = 'ready';
      }
    } catch (err) {
      page.errors.push(String(err));
      console.error('rules-explorer site: a message from the page\'s Python could not be shown', err);
    }
  };
  const failed = (event) => {
    page.errors.push(event.message || 'the worker failed');
    hosts.forEach((host) => say(host, 'This page could not start its Python in your browser. Reload the page to try again.', 'error'));
  };
  worker.onmessage = handle;
  worker.onerror = failed;
  for (const event of started.early.splice(0)) {
    if (event.type === 'error') failed(event);
    else handle(event);
  }
}

// What the page's head does (templates/site/index.html.j2), for a page that did not.
function startWorker(config) {
  const worker = new Worker(new URL(config.worker, document.baseURI), { type: 'module' });
  const early = [];
  worker.onmessage = (event) => early.push(event);
  worker.postMessage({ type: 'run', cells: config.cells, query: window.location.search.replace(/^\?/, ''), config: { ...config, pageURL: document.baseURI } });
  return { worker, early };
}

window.rulesExplorerBase = base; // for anywidget's front end (the shim hands it over)
if (document.readyState === 'loading') {
  document.addEventListener('DOMContentLoaded', start);
} else {
  start();
}
export { PLOTLY_MIME };

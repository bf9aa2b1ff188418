// The hub's pages keep their promise to a visitor: a table that is drawn, or a sentence saying why not
// with a way out. Nothing here knows the games: it watches the page's widget outputs and its kernel.
//
// 1. A widget output that failed with "Error displaying widget: model not found" while its model is
//    there is drawn again. ipywidgets 8.1.9's get_model() polls for a model every 100 ms for 2 s of
//    wall-clock time and gives up without a last look (jupyter-widgets/ipywidgets#4033, #4026): when
//    another output's drawing (the analysis page's charts) holds the page's only thread across that
//    deadline, a model that arrived meanwhile is reported missing, for good. A busy machine met it on
//    5 of 9 loads of the analysis page.
// 2. The first paint: a play app's output carries the engine's picture of its table; the template
//    hands it to rulesExplorerFirstPaint() as soon as its HTML arrives, well before JupyterLab's front
//    end has loaded and drawn the live table (about 2 s later on a quiet machine), which then takes
//    its place.
// 3. A page whose kernel is gone (culled when idle, shut down, the server restarted) or never came,
//    or an output that cannot be drawn, says so in words with a Reload button: never a bare widget
//    error or a table that silently stops answering.
// 4. A connection the hub closed on purpose (one of its limits for each visitor: too many messages,
//    too many restarts; docs/hosting.md, "Threat model") says so, with the hub's reason.
(function () {
  'use strict';
  const WIDGET_VIEW = 'application/vnd.jupyter.widget-view+json';
  const BROKEN = 'Error displaying widget';
  // Seconds after the page's scripts start before a widget still not drawn is worth a word.
  const SLOW_SECONDS = 45;
  // How often a page asks whether its kernel is still there; and at most this often when the visitor
  // clicks or types (one small request, answered by the server without the kernel).
  const CHECK_EVERY_MS = 15000;
  const CHECK_AFTER_ACTION_MS = 5000;
  const NOTICES = {
    gone: 'This table has closed on the server: it was left idle for a long while, or the server ' +
      'restarted. Reload the page to start a new game.',
    broken: 'Part of this page could not be drawn. Reload the page to try again.',
    nokernel: 'This page could not reach its game on the server. Reload the page to try again.',
    slow: 'The table is still being set up: the server is busy. You can wait, or reload the page.',
    limit: 'The server closed this table\'s connection ({reason}). Reload the page to go on.',
  };
  // The close code the hub's connection uses for its limits (a policy violation), with its reason.
  const CLOSED_BY_A_LIMIT = 1008;
  const page = (window.rulesExplorerPage = { repaired: 0, notice: null });

  // Voila removes each output's script once drawn: note which model every widget output shows first.
  function tagOutputs() {
    const scripts = document.querySelectorAll('script[type="application/vnd.voila.cell-output+json"]');
    for (const script of scripts) {
      try {
        const view = (JSON.parse(script.textContent).data || {})[WIDGET_VIEW];
        if (view && view.model_id && script.parentElement) {
          script.parentElement.dataset.reModelId = view.model_id;
        }
      } catch (err) {
        console.warn('rules-explorer: an output could not be read', err);
      }
    }
  }

  function showNotice(kind, reason) {
    if (page.notice === 'gone' || page.notice === kind) return; // gone is final
    page.notice = kind;
    let box = document.getElementById('re-page-notice');
    if (!box) {
      box = document.createElement('div');
      box.id = 're-page-notice';
      box.className = 're-page-notice';
      box.setAttribute('role', 'alert');
      const text = document.createElement('p');
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = 'Reload this page';
      button.addEventListener('click', () => window.location.reload());
      box.append(text, button);
      document.body.prepend(box);
    }
    box.dataset.kind = kind;
    box.querySelector('p').textContent = NOTICES[kind].replace('{reason}', reason || 'a limit of this server');
  }

  // JupyterLab's kernel connection makes its websocket from the page's WebSocket class: this one also
  // listens for the hub closing it on purpose.
  const PageWebSocket = window.WebSocket;
  window.WebSocket = class extends PageWebSocket {
    constructor(...args) {
      super(...args);
      this.addEventListener('close', (event) => {
        if (event.code === CLOSED_BY_A_LIMIT) showNotice('limit', event.reason);
      });
    }
  };

  function clearSlowNotice() {
    if (page.notice !== 'slow') return;
    page.notice = null;
    document.getElementById('re-page-notice')?.remove();
  }

  function manager() {
    return (window.jupyterapp && window.jupyterapp.widgetManager) || null;
  }

  // The Lumino Widget class that can attach a view's widget to a node: reached through the view's own
  // class (its statics inherit from Widget), since the page's modules are not importable from here.
  function attach(widget, host) {
    let cls = widget.constructor;
    while (cls && typeof cls.attach !== 'function') cls = Object.getPrototypeOf(cls);
    if (cls) {
      cls.attach(widget, host);
    } else {
      host.appendChild(widget.node);
    }
  }

  async function redraw(node) {
    const host = node.closest('[data-re-model-id]');
    if (!host || node.dataset.reRedrawing) return;
    node.dataset.reRedrawing = '1';
    node.textContent = 'Loading widget...';
    const id = host.dataset.reModelId;
    try {
      let widgets = manager();
      for (let tries = 0; tries < 50 && !(widgets && widgets.has_model(id)); tries++) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        widgets = manager();
      }
      if (!widgets || !widgets.has_model(id)) throw new Error(`no model ${id} on this page`);
      const view = await widgets.create_view(await widgets.get_model(id));
      node.textContent = '';
      node.classList.remove('jupyter-widgets');
      attach(view.luminoWidget || view.pWidget, node);
      page.repaired += 1;
    } catch (err) {
      console.warn('rules-explorer: a widget could not be drawn again', err);
      node.textContent = '';
      showNotice('broken');
    }
  }

  function findBroken(root) {
    for (const node of root.querySelectorAll('.jupyter-widgets')) {
      if (!node.dataset.reRedrawing && node.childElementCount === 0 && node.textContent.startsWith(BROKEN)) {
        redraw(node);
      }
    }
  }

  function watchKernel(widgets) {
    const kernel = widgets.kernel;
    if (!kernel) return;
    const base = (document.body.dataset.baseUrl || '/voila/').replace(/voila\/$/, '');
    let lastCheck = 0;
    // The server does not close a page's websocket when it shuts the kernel down (culled when idle,
    // or the server stopping it): the page would just stop answering. Ask the server whether the
    // kernel still exists, now and then and whenever the visitor acts.
    async function check() {
      if (page.notice === 'gone' || Date.now() - lastCheck < CHECK_AFTER_ACTION_MS) return;
      lastCheck = Date.now();
      try {
        const reply = await fetch(`${base}api/kernels/${kernel.id}`, { credentials: 'same-origin' });
        if (reply.status === 404) showNotice('gone');
      } catch (err) {
        showNotice('gone'); // the server itself does not answer
      }
    }
    kernel.statusChanged.connect((_k, status) => {
      if (status === 'dead' || status === 'restarting' || status === 'autorestarting') showNotice('gone');
    });
    kernel.connectionStatusChanged.connect((_k, status) => {
      if (status === 'disconnected') showNotice('gone');
      else if (status === 'connecting') check();
    });
    for (const kind of ['pointerdown', 'keydown']) document.addEventListener(kind, check, true);
    setInterval(check, CHECK_EVERY_MS);
  }

  function waitingForWidgets() {
    return [...document.querySelectorAll('[data-re-model-id]')].some(
      (host) => host.textContent.includes('Loading widget...'));
  }

  // Shows the picture in the <template> before ``script`` at the top of the page, over Voila's spinner.
  window.rulesExplorerFirstPaint = function (script) {
    const source = script.previousElementSibling;
    if (!source || source.tagName !== 'TEMPLATE' || document.getElementById('re-first-paint')) return;
    const box = document.createElement('div');
    box.id = 're-first-paint';
    box.append(source.content.cloneNode(true));
    document.body.prepend(box);
    document.body.classList.add('re-first-painted');
    page.firstPaint = performance.now();
  };

  function endFirstPaint() {
    const box = document.getElementById('re-first-paint');
    if (!box) return;
    box.remove();
    document.body.classList.remove('re-first-painted');
  }

  function widgetsDrawn() {
    const hosts = [...document.querySelectorAll('[data-re-model-id]')];
    return hosts.length > 0 && hosts.every((host) => host.querySelector('.lm-Widget > *') &&
      !host.textContent.includes('Loading widget...'));
  }

  document.addEventListener('DOMContentLoaded', tagOutputs);
  window.addEventListener('load', () => {
    // Only while the page is being set up: a widget output is drawn once, when the page loads (later
    // widgets are children of those, drawn by their views, not looked up by ipywidgets' renderer).
    const observer = new MutationObserver(() => {
      findBroken(document.body);
      if (document.getElementById('re-first-paint') && widgetsDrawn()) endFirstPaint();
    });
    observer.observe(document.body, {
      subtree: true, childList: true, characterData: true,
    });
    const started = Date.now();
    const timer = setInterval(() => {
      const widgets = manager();
      if (widgets && !page.watching) {
        page.watching = true;
        watchKernel(widgets);
      }
      if (window.jupyterapp && !widgets && document.querySelector('[data-re-model-id]') &&
          Date.now() - started > 10000) {
        showNotice('nokernel'); // Voila found no kernel for this page: no widget can ever come
      }
      if (document.getElementById('re-first-paint') && (widgetsDrawn() || page.notice)) endFirstPaint();
      if (waitingForWidgets()) {
        if (Date.now() - started > SLOW_SECONDS * 1000) showNotice('slow');
      } else {
        clearSlowNotice();
        if (page.watching && Date.now() - started > SLOW_SECONDS * 1000) {
          clearInterval(timer);
          observer.disconnect();
        }
      }
    }, 500);
  });
})();

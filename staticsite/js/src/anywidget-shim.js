// anywidget's models and views (AnyModel, AnyView), made by its own front end with this page's
// @jupyter-widgets/base: the tables' ES modules run exactly as in JupyterLab and Voila.
import * as base from '@jupyter-widgets/base';
import { factories } from './define-capture.js';
import 'anywidget';

// No AMD loader on this page after anywidget's: plotly.js (loaded later) must set window.Plotly.
delete globalThis.define;

let made = null;
export function anywidget() {
  if (made) return made;
  const found = factories.find((f) => f.deps.length === 1 && f.deps[0] === '@jupyter-widgets/base');
  if (!found) throw new Error('anywidget\'s front end did not register itself');
  made = found.factory(base);
  return made;
}

// anywidget's front end ships as one AMD module, `define(["@jupyter-widgets/base"], factory)`, for
// JupyterLab's loader. This page has no AMD loader: `define` here keeps the factory, and
// anywidget-shim.js calls it with the widget manager's own @jupyter-widgets/base.
const factories = [];
globalThis.define = (deps, factory) => {
  factories.push({ deps, factory });
};
globalThis.define.amd = true;
export { factories };

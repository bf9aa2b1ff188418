// The score charts: a plotly figure output (the JSON mime bundle the apps send) drawn with plotly.js,
// which is fetched from the site only when the first chart is drawn (it is most of the site's script).
import { Widget } from '@lumino/widgets';

export const PLOTLY_MIME = 'application/vnd.plotly.v1+json';
let loading = null;

function loadPlotly() {
  if (window.Plotly) return Promise.resolve(window.Plotly);
  if (!loading) {
    loading = new Promise((resolve, reject) => {
      const script = document.createElement('script');
      script.src = new URL(window.rulesExplorerAssets + 'plotly.min.js', document.baseURI).href;
      script.onload = () => resolve(window.Plotly);
      script.onerror = () => reject(new Error('plotly.js could not be loaded from the site'));
      document.head.append(script);
    });
  }
  return loading;
}

// A Lumino widget, as every renderer of JupyterLab's output area is.
class PlotlyRenderer extends Widget {
  constructor() {
    super();
    this.addClass('re-plotly');
  }
  async renderModel(model) {
    const figure = model.data[PLOTLY_MIME];
    const Plotly = await loadPlotly();
    await Plotly.react(this.node, figure.data || [], figure.layout || {}, { responsive: true, displaylogo: false });
  }
  dispose() {
    window.Plotly?.purge?.(this.node);
    super.dispose();
  }
}

export const plotlyRenderer = {
  safe: true,
  mimeTypes: [PLOTLY_MIME],
  createRenderer: () => new PlotlyRenderer(),
};

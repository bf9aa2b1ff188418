// The pages link to each other as notebooks (`rules.ipynb?game=...`, as Voila serves them); on the
// static site each page is `NAME.html`. Links the build wrote are already rewritten; links a widget
// draws later (refusals' "Read the rule", the rules page's steps) are rewritten as they appear.
const NOTEBOOK = /^([\w-]+)\.ipynb(?=$|[?#])/;

function fix(anchor) {
  const href = anchor.getAttribute('href');
  if (href && NOTEBOOK.test(href)) anchor.setAttribute('href', href.replace(NOTEBOOK, '$1.html'));
}

export function keepLinksOnSite(root) {
  root.querySelectorAll('a[href]').forEach(fix);
  new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === 'attributes') {
        fix(record.target);
        continue;
      }
      for (const node of record.addedNodes) {
        if (node.nodeType !== 1) continue;
        if (node.matches('a[href]')) fix(node);
        node.querySelectorAll('a[href]').forEach(fix);
      }
    }
  }).observe(root.documentElement || root, { subtree: true, childList: true, attributes: true, attributeFilter: ['href'] });
}

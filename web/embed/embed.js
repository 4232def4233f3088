/**
 * Barbu's demos on any page: load this script, then write
 *
 *   <script src="https://SITE/embed.js" defer></script>
 *   <barbu-demo demo="settlement" lang="fr"></barbu-demo>
 *
 * demo: settlement, may-i-play, domino or first-deal; lang: fr, en, ru or it. Each element gets
 * an <iframe> of SITE/embed.html (the only page of the site that other sites may frame), which
 * tells this script its height (postMessage) so that the frame fits its content.
 */
(() => {
  if (customElements.get('barbu-demo')) return;
  const site = new URL('.', document.currentScript.src);
  let count = 0;

  class BarbuDemo extends HTMLElement {
    connectedCallback() {
      if (this.frame) return;
      count += 1;
      const id = `barbu-demo-${count}`;
      const query = new URLSearchParams({
        demo: this.getAttribute('demo') || 'settlement',
        // "fr-FR" or "pt_BR" are matched on their primary subtag: fr-FR gives the French demo.
        lang: (this.getAttribute('lang') || document.documentElement.lang || 'en')
          .split(/[-_]/)[0]
          .toLowerCase(),
        id,
      });
      const frame = document.createElement('iframe');
      frame.src = new URL(`embed.html?${query}`, site).href;
      frame.title = this.getAttribute('title') || 'Barbu';
      frame.loading = 'lazy';
      frame.style.cssText = 'display:block;width:100%;height:24rem;border:0;';
      addEventListener('message', (event) => {
        const data = event.data;
        if (event.origin !== site.origin || event.source !== frame.contentWindow) return;
        if (!data || data.barbu !== 'size' || data.id !== id) return;
        frame.style.height = `${Math.ceil(Number(data.height) || 0)}px`;
      });
      this.frame = frame;
      this.append(frame);
    }
  }

  customElements.define('barbu-demo', BarbuDemo);
})();

/** The tag a site adds to show the web chat widget (README "The website chat widget on any site"). */
export const widgetEmbedSnippet = (origin: string, widgetKey: string): string =>
  `<script src="${origin.replace(/\/$/, '')}/widget.js" data-token="${widgetKey}" async></script>`;

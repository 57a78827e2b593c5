import { asset, type Asset, type RendererAssets } from './reference-assets.js'

/**
 * Starts Swagger UI on the live document. A file of its own rather than an inline script, so the
 * page's Content-Security-Policy allows scripts from 'self' only. `validatorUrl: null` keeps it
 * from sending the document to swagger.io's validator; query-string configuration stays off (its
 * default), so no link can point the page at another document.
 */
export function initializerScript(documentUrl: string): Asset {
  const options = `{
    url: ${JSON.stringify(documentUrl)},
    dom_id: '#swagger-ui',
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
    deepLinking: true,
    filter: true,
    displayRequestDuration: true,
    validatorUrl: null,
  }`
  return asset('docs-initializer.js', Buffer.from(`'use strict'\nwindow.ui = SwaggerUIBundle(${options})\n`))
}

/** The page: Swagger UI's stylesheet and bundle, then the initializer, all from `assetsPath`. */
export function referencePage(title: string, assetsPath: string, assets: RendererAssets & { initializer: Asset }): string {
  const href = (a: Asset) => `${assetsPath}/${a.name}`
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${title}</title>
    <link rel="stylesheet" href="${href(assets.style)}" />
    <link rel="icon" type="image/png" href="${href(assets.icon)}" />
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="${href(assets.script)}"></script>
    <script src="${href(assets.initializer)}"></script>
  </body>
</html>
`
}

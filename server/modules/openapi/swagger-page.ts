/**
 * The Swagger UI page: swagger-ui-dist's own page, with our initializer as a file of its own (the
 * Content-Security-Policy allows scripts from 'self' only, never inline).
 */
export const SWAGGER_INDEX_HTML = `<!DOCTYPE html>
<html lang="en">
  <head>
    <meta charset="UTF-8">
    <title>Lantern API</title>
    <link rel="stylesheet" type="text/css" href="./swagger-ui.css" />
    <link rel="stylesheet" type="text/css" href="./index.css" />
    <link rel="icon" type="image/png" href="./favicon-32x32.png" sizes="32x32" />
    <link rel="icon" type="image/png" href="./favicon-16x16.png" sizes="16x16" />
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="./swagger-ui-bundle.js" charset="UTF-8"></script>
    <script src="./swagger-ui-standalone-preset.js" charset="UTF-8"></script>
    <script src="./lantern-init.js" charset="UTF-8"></script>
  </body>
</html>
`;

/**
 * Starts Swagger UI on our document, offline: no validator badge (it would call
 * validator.swagger.io). Requests to this origin carry the token the Lantern UI keeps in
 * localStorage (lantern.token), so a signed-in reader of a private site sees the document too.
 */
export const SWAGGER_INIT_JS = `'use strict';
window.addEventListener('load', function () {
  function token() {
    try {
      var entry = JSON.parse(localStorage.getItem('lantern.token') || 'null');
      return entry && entry.exp > Date.now() && typeof entry.v === 'string' ? entry.v : '';
    } catch (e) {
      return '';
    }
  }
  window.ui = SwaggerUIBundle({
    url: new URL('../answer/api/v1/openapi.json', window.location.href).href,
    dom_id: '#swagger-ui',
    deepLinking: true,
    validatorUrl: null,
    presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
    plugins: [SwaggerUIBundle.plugins.DownloadUrl],
    layout: 'StandaloneLayout',
    requestInterceptor: function (req) {
      var t = token();
      var sameOrigin = new URL(req.url, window.location.href).origin === window.location.origin;
      if (t && sameOrigin && !req.headers.Authorization) req.headers.Authorization = t;
      return req;
    },
  });
});
`;

// Start-up's first API calls, started while the page is still parsed: the configuration, and with a session the
// user, their settings and their devices (the calls of App's start-up and SessionDataGate), and on a board's page the
// model lists its monitors plan their calls on. Without this they start only once the application's code has loaded
// and run. The API client adopts each answer once, for the same URL and the same access token
// (web/src/api/early-responses.ts); an answer it does not adopt is simply never read.
// A plain script in /public, loaded before the application: the page's CSP allows no inline script.
(function () {
  'use strict';
  var TOKEN_KEY = 'gearwatch.accessToken';
  var SESSION_CALLS = ['/api/users/current', '/api/users/current/settings', '/api/devices?page_size=0&sort=name'];
  // Pages outside the signed-in shell read none of those (web/src/app/startup/shell-pages.ts).
  var OUTSIDE_SHELL_PATH = /^\/(?:display\/|production\/[^/]+\/live\/?$)/;
  // A board's monitors plan their data calls on the company's model lists (features/monitors/api/model.ts): on the
  // pages that open a board (the home page opens the dashboard) they are asked for at once too.
  var BOARD_PATH = /^\/(?:dashboard|diagnostics)?\/?$/;
  var BOARD_LISTS = [
    '/api/devicegroups?page_size=0&sort=name',
    '/api/devicetypes?page_size=0&sort=name&context=devicetypes_monitor',
    '/api/user/production_shifts?page_size=0',
    '/api/deviceoperatorgroups?page_size=0',
  ];
  var started = [];
  // The signed-in shell's and the landing page's chunks, named by the build (web/build/preload-start-chunks.ts):
  // fetched beside the entry for a user with a session, never on a signed-out visitor's sign-in page.
  function preloadStartChunks() {
    var meta = document.querySelector('meta[name="gearwatch-start-chunks"]');
    var hrefs = meta && meta.content ? meta.content.split(' ') : [];
    hrefs.forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
  }
  function start(url, accessToken) {
    var headers = { accept: 'application/json' };
    if (accessToken) headers.authorization = 'Bearer ' + accessToken;
    // The body is read as soon as it arrives: reading it takes a turn of the event loop, and by the time the
    // application asks, that turn would wait behind its first render.
    var answer = window
      .fetch(url, { headers: headers })
      .then(function (response) {
        return response.text().then(function (text) {
          return { response: response, text: text };
        });
      })
      .catch(function () {
        return null;
      });
    started.push({ url: url, accessToken: accessToken, at: Date.now(), answer: answer });
  }
  try {
    start('/api/config', null);
    var accessToken = window.localStorage.getItem(TOKEN_KEY);
    var pathname = window.location.pathname;
    var signedIn = accessToken && !OUTSIDE_SHELL_PATH.test(pathname);
    var calls = signedIn ? SESSION_CALLS.concat(BOARD_PATH.test(pathname) ? BOARD_LISTS : []) : [];
    calls.forEach(function (url) {
      start(url, accessToken);
    });
    if (signedIn) preloadStartChunks();
  } catch {
    // No storage (a locked-down browser): the application makes its calls itself.
  }
  window.__gearwatchEarlyRequests = started;
})();

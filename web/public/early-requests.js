// Start-up's first API calls, started while the page is still parsed: the configuration, and with a session the
// user, their settings and their devices (the calls of App's start-up and SessionDataGate). Without this they start
// only once the application's code has loaded and run. The API client adopts each answer once, for the same URL and
// the same access token (web/src/api/early-responses.ts); an answer it does not adopt is simply never read.
// A plain script in /public, loaded before the application: the page's CSP allows no inline script.
(function () {
  'use strict';
  var TOKEN_KEY = 'gearwatch.accessToken';
  var SESSION_CALLS = ['/api/users/current', '/api/users/current/settings', '/api/devices?page_size=0&sort=name'];
  // Pages outside the signed-in shell read none of those (web/src/app/startup/shell-pages.ts).
  var OUTSIDE_SHELL_PATH = /^\/(?:display\/|production\/[^/]+\/live\/?$)/;
  var started = [];
  function start(url, accessToken) {
    var headers = { accept: 'application/json' };
    if (accessToken) headers.authorization = 'Bearer ' + accessToken;
    var response = window.fetch(url, { headers: headers }).catch(function () {
      return null;
    });
    started.push({ url: url, accessToken: accessToken, at: Date.now(), response: response });
  }
  try {
    start('/api/config', null);
    var accessToken = window.localStorage.getItem(TOKEN_KEY);
    if (accessToken && !OUTSIDE_SHELL_PATH.test(window.location.pathname)) {
      SESSION_CALLS.forEach(function (url) {
        start(url, accessToken);
      });
    }
  } catch {
    // No storage (a locked-down browser): the application makes its calls itself.
  }
  window.__gearwatchEarlyRequests = started;
})();

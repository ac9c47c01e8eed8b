// Ports of the processes the browser tests start, derived from one base so parallel runs can move them together.
export const APP_PORT = Number(process.env.E2E_PORT ?? 18_080);
export const MAIL_SMTP_PORT = APP_PORT + 25;
export const MAIL_HTTP_PORT = APP_PORT + 26;
export const MAIL_SINK_URL = `http://127.0.0.1:${MAIL_HTTP_PORT}`;

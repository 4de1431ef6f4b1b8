/* global BroadcastChannel, location, URLSearchParams, window */
// The Google popup's last page (lib/google-popup.ts): tell the opening tab how it went, then close.
var params = new URLSearchParams(location.search);
var channel = new BroadcastChannel('tasklane-google-sign-in');
channel.postMessage({ result: params.get('result'), error: params.get('error') });
channel.close();
window.close();

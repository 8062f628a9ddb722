/** Whether this page is shown inside a frame (the payment page's frame, where the provider's return lands). */
export function isFramed() {
  try {
    return window.self !== window.top;
  } catch {
    return true;
  }
}

/**
 * The provider sends the payer back inside the payment page's frame; the outcome belongs on the
 * whole page. The frame is of Kora's own origin, so it may move the top page to its address.
 */
export function breakOutOfFrame() {
  try {
    if (window.top && window.top !== window.self) window.top.location.href = window.location.href;
  } catch {
    // A frame of another origin: stay where we are.
  }
}

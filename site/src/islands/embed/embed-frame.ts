// Inside the embed iframe: tells the embedding page (widget.js) how tall the content is, so the
// iframe can fit it. The message carries nothing private, so any parent may read it.
export const RESIZE_MESSAGE = "tumbleword:resize";

export function reportHeight(): void {
  if (window.parent === window) return;
  let last = 0;
  const send = () => {
    // The body's own height (the embed's body has no minimum): the document's scrollHeight is
    // never less than the frame, so a frame taller than its content (a notice, a league's
    // table) would never shrink.
    const height = Math.ceil(document.body.getBoundingClientRect().height);
    if (height === last) return;
    last = height;
    window.parent.postMessage({ type: RESIZE_MESSAGE, height }, "*");
  };
  new ResizeObserver(send).observe(document.body);
  send();
}

/**
 * A press on a server-rendered button before its app took the page over.
 *
 * The server's first screen (the lobby's Load more, a promotion's Claim, the
 * country-block notice's Reverify Location) is painted before any app code
 * runs (issue 19), and its buttons have no handler until the app replaces
 * them. A visitor who presses one then would see nothing happen. So the root
 * config remembers the press — by the button's `data-replay` key, which the
 * app's own button carries too — marks the button busy, and clicks the app's
 * button with the same key once the app has rendered it. Links need none of
 * this: they work without script.
 */

/** How long a remembered press waits for the app's button (SPEC's request time-out). */
export const REPLAY_WAIT_MS = 15_000;

/**
 * The server-rendered `[data-replay]` button an event hit, if any: one inside
 * a server first screen (`[data-ssr]`). An app's own button handles its
 * presses itself.
 */
function serverButton(target: EventTarget | null): HTMLElement | null {
  const el = target instanceof Element ? target.closest<HTMLElement>('[data-replay]') : null;
  return el?.closest('[data-ssr]') ? el : null;
}

/**
 * Starts remembering presses on server-rendered `[data-replay]` buttons and
 * replays the latest one on the first app-rendered button with the same key.
 * Returns a function that stops (used by tests).
 */
export function replayFirstPresses(doc: Document = document, waitMs = REPLAY_WAIT_MS): () => void {
  let pressed: HTMLElement | null = null;
  let observer: MutationObserver | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const forget = () => {
    observer?.disconnect();
    observer = null;
    clearTimeout(timer);
    pressed?.removeAttribute('aria-busy');
    pressed = null;
  };

  const tryReplay = () => {
    if (!pressed) return;
    const key = pressed.dataset.replay;
    const twin = Array.from(doc.querySelectorAll<HTMLElement>('[data-replay]')).find(
      (el) => el.dataset.replay === key && !el.closest('[data-ssr]') && !(el as HTMLButtonElement).disabled,
    );
    if (!twin) return;
    forget();
    twin.click();
  };

  const onClick = (event: Event) => {
    const el = serverButton(event.target);
    if (!el) return;
    forget();
    pressed = el;
    el.setAttribute('aria-busy', 'true');
    observer = new MutationObserver(tryReplay);
    observer.observe(doc.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['disabled'] });
    timer = setTimeout(forget, waitMs);
    tryReplay();
  };

  doc.addEventListener('click', onClick, true);
  return () => {
    doc.removeEventListener('click', onClick, true);
    forget();
  };
}

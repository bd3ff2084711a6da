import type { Page } from '@playwright/test';

/**
 * A key press to the DOM change it causes, painted. In the page, before the key:
 *  - t0 is the keydown's own `timeStamp` (taken by a capture listener on window, so before any handler of the page):
 *    the time the browser received the key, so time the event waited behind other work counts too; for a chord
 *    (Ctrl+K) the keydown of K, not of Control;
 *  - a MutationObserver sees the change (for `appear`, the first change after which `selector` matches, e.g. a
 *    patient's line; for `change`, the first change at all: React commits a render in one go, so that is the render of
 *    the keystroke);
 *  - requestAnimationFrame then runs in the next frame, before its style, layout and paint; a MessageChannel message
 *    posted from there is handled as the first task after that frame's paint. Its time is "painted".
 * Why this and not the Event Timing API alone: an event's `duration` is rounded to 8 ms and ends at the first paint
 * after the event's own handlers, so it cannot see records that arrive later from the network, nor a React render
 * that lands after the event; and entries under 16 ms are never reported. It is taken as a cross-check instead
 * (`slowFrames`: the keystroke's events the browser itself saw take 16 ms or more to the next paint, i.e. a frame missed).
 * The figure includes waiting for the frame (up to 16.7 ms at 60 Hz): a user sees nothing sooner either.
 */
export interface PaintTiming {
  /** keydown → DOM changed (the page's own work: handlers, React render, commit). */
  dom: number;
  /** keydown → the frame showing the change painted. */
  painted: number;
  /** Event Timing: the longest event of this key (ms, 8 ms steps) when it was at least 16 ms, else 0. */
  slowEvent: number;
  /** The keydown's own timeStamp, on the page's clock (performance.now()): to place the page's Resource Timing entries. */
  at: number;
}

/** Sets up `window.__benchArm` once per page (a string: the TypeScript runner wraps functions in helpers the page lacks). */
export async function installPaintTiming(page: Page): Promise<void> {
  await page.addInitScript(SCRIPT);
  await page.evaluate(SCRIPT);
}

const SCRIPT = `(() => {
  if (window.__benchArm) return;
  const slow = [];
  try {
    new PerformanceObserver((list) => { for (const e of list.getEntries()) slow.push(e); })
      .observe({ type: 'event', durationThreshold: 16, buffered: false });
  } catch {}
  // conditions: [{ selector, how }]; resolves with one timing per condition, each when it is first met after the key.
  window.__benchArm = (conditions, timeoutMs) => {
    let t0 = NaN;
    // A modifier's own keydown (Control of Ctrl+K) is not the key: the time starts at the key it modifies.
    const onKey = (e) => {
      if (['Control', 'Meta', 'Shift', 'Alt'].includes(e.key)) return;
      t0 = e.timeStamp;
      window.removeEventListener('keydown', onKey, { capture: true });
    };
    window.addEventListener('keydown', onKey, { capture: true });
    window.__bench = new Promise((resolve, reject) => {
      const out = conditions.map(() => null);
      let pending = conditions.length;
      const met = (c) => c.how === 'change' || document.querySelector(c.selector) !== null;
      const observer = new MutationObserver(() => {
        if (Number.isNaN(t0)) return; // a change before the key (an answer arriving late) is not the key's
        conditions.forEach((c, i) => {
          if (out[i] || !met(c)) return;
          const dom = performance.now() - t0;
          out[i] = { dom };
          requestAnimationFrame(() => {
            const channel = new MessageChannel();
            channel.port1.onmessage = () => {
              out[i].painted = performance.now() - t0;
              if (--pending > 0) return;
              observer.disconnect();
              clearTimeout(timer);
              // Event Timing entries arrive after the paint they measure: read them a little later.
              setTimeout(() => {
                const mine = slow.filter((e) => e.startTime >= t0 - 1 && e.startTime <= t0 + out[0].painted);
                slow.length = 0;
                const slowEvent = Math.max(0, ...mine.map((e) => e.duration));
                resolve(out.map((o) => ({ ...o, slowEvent, at: t0 })));
              }, 50);
            };
            channel.port2.postMessage(0);
          });
        });
      });
      observer.observe(document.body, { childList: true, subtree: true, characterData: true });
      const timer = setTimeout(() => {
        observer.disconnect();
        window.removeEventListener('keydown', onKey, { capture: true });
        const missing = conditions.filter((c, i) => !out[i]).map((c) => c.how === 'appear' ? c.selector : 'any change');
        reject(new Error('not seen within ' + timeoutMs + ' ms of the key: ' + missing.join(', ')));
      }, timeoutMs);
    });
    window.__bench.catch(() => {});
  };
})()`;

export interface Condition { selector: string; how: 'appear' | 'change' }

/** Arms the measurement, presses `key`, and waits until every condition is met and painted (one timing each). */
export async function keyToPaint(page: Page, key: string, conditions: Condition[], timeoutMs = 5000): Promise<PaintTiming[]> {
  await page.evaluate(`window.__benchArm(${JSON.stringify(conditions)}, ${timeoutMs})`);
  await page.keyboard.press(key);
  return page.evaluate('window.__bench') as Promise<PaintTiming[]>;
}

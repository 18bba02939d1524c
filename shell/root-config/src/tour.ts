/**
 * The onboarding tour (docs/site.md "Onboarding tour"): a few steps that
 * point at the header's lobby, deposit, responsible-gaming and calendar
 * entries. The server puts `<div id="onboarding-tour" data-tour="{…}">` in the
 * header of a logged-in player who has not finished or skipped it yet, with
 * the texts already in the page's language; the root config loads this chunk
 * only then (guests never download it).
 *
 * Accessibility: a modal `role="dialog"` (the rest of the page is `inert`
 * while it is open), focus moves to the step's heading and stays in the
 * dialog (Tab and Shift+Tab cycle), Escape skips, every control is a button.
 * A step whose element is hidden (the side navigation in menu mode and on
 * phones) points at the menu button and says so; with no menu button either,
 * the step is centred.
 */

export interface TourStep {
  id: string;
  target: string;
  title: string;
  text: string;
  href?: string;
  linkText?: string;
}

export interface TourDoc {
  labels: { dialog: string; progress: string; next: string; back: string; skip: string; finish: string; inMenu: string };
  menu: string;
  steps: TourStep[];
}

export type Outcome = 'finished' | 'skipped';

const STYLE = `
.ob-tour{position:fixed;inset:0;z-index:1000;pointer-events:none}
.ob-spot{position:fixed;border-radius:12px;border:2px solid var(--c-primary,#f5b83d);box-shadow:0 0 0 200vmax rgb(5 6 12/.72);pointer-events:none}
.ob-spot[data-centred]{inset:0;border:0;border-radius:0;box-shadow:none;background:rgb(5 6 12/.72)}
.ob-card{position:fixed;pointer-events:auto;width:min(360px,calc(100vw - 24px));box-sizing:border-box;padding:18px 18px 14px;
 border-radius:14px;background:var(--c-surface,#1a1f35);color:var(--c-text,#eef0f8);border:1px solid color-mix(in srgb,var(--c-text,#eef0f8) 14%,transparent);
 box-shadow:0 18px 48px rgb(0 0 0/.55);font:400 15px/1.5 var(--font,system-ui,sans-serif)}
.ob-progress{margin:0 0 4px;font-size:13px;color:var(--c-muted,#a3a8bf)}
.ob-card h2{margin:0 0 6px;font-size:18px;line-height:1.25}
.ob-card h2:focus{outline:none}
.ob-card p{margin:0 0 10px}
.ob-link{display:inline-block;margin:0 0 10px;font-weight:600}
.ob-link[hidden]{display:none}
.ob-actions{display:flex;flex-wrap:wrap;gap:8px;align-items:center;margin-top:6px}
.ob-actions .ob-skip{margin-inline-end:auto}
.ob-card button{min-height:40px;padding:0 16px;border-radius:10px;font:inherit;font-weight:600;cursor:pointer;
 border:1px solid color-mix(in srgb,var(--c-text,#eef0f8) 18%,transparent);background:transparent;color:inherit}
.ob-card button.ob-next{background:var(--c-primary,#f5b83d);color:var(--c-on-primary,#16120a);border-color:transparent}
.ob-card button.ob-skip{border-color:transparent;text-decoration:underline;text-underline-offset:3px;padding:0 8px}
.ob-card button[disabled]{opacity:.4;cursor:default}
.ob-card :focus-visible{outline:3px solid var(--c-focus,#fff);outline-offset:2px}
`;

const GAP = 12;

let running = false;

/** Reads the server's tour document; null when there is none or it is broken. */
export function readTour(doc: Document = document): TourDoc | null {
  const el = doc.getElementById('onboarding-tour');
  const raw = el?.getAttribute('data-tour');
  if (!raw) return null;
  try {
    const t = JSON.parse(raw) as TourDoc;
    return Array.isArray(t.steps) && t.steps.length ? t : null;
  } catch {
    return null;
  }
}

/** Records the outcome on the server (the tour is then never shown again, on any device). */
export async function markTour(outcome: Outcome): Promise<boolean> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  try {
    const token = localStorage.getItem('casino.accessToken');
    if (token) headers.Authorization = `Bearer ${token}`;
  } catch {
    /* storage unavailable: the session cookie is enough */
  }
  try {
    const res = await fetch('/api/user/onboarding-tour', { method: 'POST', credentials: 'same-origin', headers, body: JSON.stringify({ outcome }) });
    return res.ok;
  } catch (e) {
    console.warn('[root-config] tour: could not record', e);
    return false;
  }
}

function visible(el: Element | null): el is HTMLElement {
  if (!el) return false;
  const r = el.getBoundingClientRect();
  return r.width > 0 && r.height > 0;
}

/** The element a step points at: its own, else the menu button, else none (centred). */
export function resolveTarget(step: TourStep, menu: string, doc: Document = document): { el: HTMLElement | null; inMenu: boolean } {
  const own = safeQuery(doc, step.target);
  if (visible(own)) return { el: own, inMenu: false };
  const btn = safeQuery(doc, menu);
  if (own && visible(btn)) return { el: btn, inMenu: true };
  return { el: null, inMenu: false };
}

function safeQuery(doc: Document, sel: string): Element | null {
  try {
    return sel ? doc.querySelector(sel) : null;
  } catch {
    return null;
  }
}

function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (m, k: string) => (k in values ? String(values[k]) : m));
}

/** Starts the tour when the page carries one; resolves with the outcome (null: nothing shown). */
export function startTour(doc: Document = document, mark: (o: Outcome) => Promise<unknown> = markTour): Promise<Outcome | null> {
  const tour = readTour(doc);
  if (!tour || running) return Promise.resolve(null);
  running = true;
  const win = doc.defaultView ?? window;
  const { labels, steps } = tour;

  if (!doc.getElementById('ob-tour-style')) {
    const style = doc.createElement('style');
    style.id = 'ob-tour-style';
    style.textContent = STYLE;
    doc.head.appendChild(style);
  }

  const root = doc.createElement('div');
  root.className = 'ob-tour';
  root.dataset.testid = 'onboarding-tour';
  const spot = doc.createElement('div');
  spot.className = 'ob-spot';
  const card = doc.createElement('div');
  card.className = 'ob-card';
  card.setAttribute('role', 'dialog');
  card.setAttribute('aria-modal', 'true');
  card.setAttribute('aria-labelledby', 'ob-title');
  card.setAttribute('aria-describedby', 'ob-text');
  card.setAttribute('aria-roledescription', labels.dialog);
  card.innerHTML =
    '<p class="ob-progress" id="ob-progress"></p><h2 id="ob-title" tabindex="-1"></h2><p id="ob-text"></p>' +
    '<a class="ob-link" hidden></a><div class="ob-actions">' +
    '<button type="button" class="ob-skip"></button><button type="button" class="ob-back"></button>' +
    '<button type="button" class="ob-next"></button></div>';
  root.append(spot, card);

  const $ = <T extends HTMLElement>(sel: string) => card.querySelector(sel) as T;
  const progress = $('#ob-progress');
  const title = $('#ob-title');
  const text = $('#ob-text');
  const link = $<HTMLAnchorElement>('.ob-link');
  const skipBtn = $<HTMLButtonElement>('.ob-skip');
  const backBtn = $<HTMLButtonElement>('.ob-back');
  const nextBtn = $<HTMLButtonElement>('.ob-next');
  skipBtn.textContent = labels.skip;
  backBtn.textContent = labels.back;

  // The page behind the tour: inert while it is open, restored after.
  const behind = ['site', 'mf-modal'].map((id) => doc.getElementById(id)).filter((e): e is HTMLElement => !!e);
  const wasInert = behind.map((e) => e.hasAttribute('inert'));
  const returnFocus = doc.activeElement as HTMLElement | null;
  behind.forEach((e) => e.setAttribute('inert', ''));
  doc.body.appendChild(root);

  let index = 0;
  let target: HTMLElement | null = null;

  const place = () => {
    const vw = win.innerWidth;
    const vh = win.innerHeight;
    const cw = card.offsetWidth;
    const ch = card.offsetHeight;
    if (!target || !target.isConnected) target = resolveTarget(steps[index], tour.menu, doc).el;
    if (!target) {
      spot.setAttribute('data-centred', '');
      spot.removeAttribute('style');
      card.style.left = `${Math.max(GAP, (vw - cw) / 2)}px`;
      card.style.top = `${Math.max(GAP, (vh - ch) / 2)}px`;
      return;
    }
    spot.removeAttribute('data-centred');
    const r = target.getBoundingClientRect();
    const pad = 6;
    Object.assign(spot.style, { left: `${r.left - pad}px`, top: `${r.top - pad}px`, width: `${r.width + 2 * pad}px`, height: `${r.height + 2 * pad}px` });
    let top = r.bottom + pad + GAP;
    if (top + ch > vh - GAP) top = r.top - pad - GAP - ch;
    top = Math.min(Math.max(GAP, top), Math.max(GAP, vh - ch - GAP));
    const left = Math.min(Math.max(GAP, r.left + r.width / 2 - cw / 2), Math.max(GAP, vw - cw - GAP));
    card.style.left = `${left}px`;
    card.style.top = `${top}px`;
  };

  const show = (i: number) => {
    index = i;
    const step = steps[i];
    const resolved = resolveTarget(step, tour.menu, doc);
    target = resolved.el;
    root.dataset.step = step.id;
    progress.textContent = fill(labels.progress, { step: i + 1, total: steps.length });
    title.textContent = step.title;
    text.textContent = resolved.inMenu && labels.inMenu ? `${step.text} ${labels.inMenu}` : step.text;
    if (step.href && step.linkText) {
      link.hidden = false;
      link.href = step.href;
      link.textContent = step.linkText;
    } else {
      link.hidden = true;
      link.removeAttribute('href');
    }
    backBtn.disabled = i === 0;
    nextBtn.textContent = i === steps.length - 1 ? labels.finish : labels.next;
    target?.scrollIntoView?.({ block: 'nearest' });
    place();
    title.focus();
  };

  return new Promise<Outcome>((resolve) => {
    const close = (outcome: Outcome) => {
      doc.removeEventListener('keydown', onKey, true);
      win.removeEventListener('resize', place);
      win.removeEventListener('scroll', place, true);
      root.remove();
      behind.forEach((e, i) => {
        if (!wasInert[i]) e.removeAttribute('inert');
      });
      doc.getElementById('onboarding-tour')?.remove();
      running = false;
      void mark(outcome);
      if (returnFocus && returnFocus.isConnected && returnFocus !== doc.body) returnFocus.focus();
      resolve(outcome);
    };
    const focusables = () =>
      Array.from(card.querySelectorAll<HTMLElement>('a[href]:not([hidden]), button:not([disabled])'));
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.preventDefault();
        e.stopPropagation();
        close('skipped');
        return;
      }
      if (e.key !== 'Tab') return;
      const list = focusables();
      if (!list.length) return;
      const first = list[0];
      const last = list[list.length - 1];
      const active = doc.activeElement as HTMLElement | null;
      const inside = !!active && card.contains(active);
      if (e.shiftKey && (!inside || active === first || active === title)) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && (!inside || active === last)) {
        e.preventDefault();
        first.focus();
      }
    };
    skipBtn.addEventListener('click', () => close('skipped'));
    backBtn.addEventListener('click', () => index > 0 && show(index - 1));
    nextBtn.addEventListener('click', () => (index < steps.length - 1 ? show(index + 1) : close('finished')));
    // Following the step's link (the limits page) is doing what the tour
    // suggests: the tour ends as finished and the link goes on.
    link.addEventListener('click', () => setTimeout(() => close('finished')));
    doc.addEventListener('keydown', onKey, true);
    win.addEventListener('resize', place);
    win.addEventListener('scroll', place, true);
    show(0);
  });
}

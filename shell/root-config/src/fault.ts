/**
 * Fault isolation: one squad's broken release must not take the page down.
 * When a micro-frontend fails to load, bootstrap or mount (a script error, a
 * missing chunk, or no answer within the SPEC's 15 s request time-out), its
 * slot shows the server-rendered `<template id="mf-failure">` (translated
 * texts, Retry, links elsewhere) while the header, footer and the other apps
 * keep working, and the failure is reported once per page view.
 */
import type { RemotesMap } from './remotes';

/** SPEC section 9: requests time out after 15 s; a remote that takes longer has failed. */
export const LOAD_TIMEOUT_MS = 15_000;

export type Slot = 'mf-page' | 'mf-modal' | 'mf-country-block';
export type Phase = 'load' | 'mount' | 'timeout';

/** Rejects when p has not settled within ms. */
export function withTimeout<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error(`${what} did not load within ${ms / 1000} s`), { phase: 'timeout' })), ms);
  });
  return Promise.race([p, late]).finally(() => clearTimeout(timer));
}

/** The release version of an app, read from its entry URL (/mf/<app>/<version>/remoteEntry.js). */
export function versionOf(entry: string | undefined): string {
  const m = entry?.match(/\/mf\/[^/]+\/([^/]+)\//);
  return m ? m[1] : '';
}

/**
 * Shows the failure notice in slot for app. Page slots lose their skeleton
 * and the broken app's container; the modal slot gets a dismissible notice
 * over the page. Returns the notice (null without the template).
 */
export function showFailure(slot: Slot, app: string, doc: Document = document): HTMLElement | null {
  const root = doc.getElementById(slot);
  const template = doc.getElementById('mf-failure') as HTMLTemplateElement | null;
  if (!root || !template) return null;
  root.querySelector(`[data-app-failed="${app}"]`)?.remove();
  if (slot !== 'mf-modal') {
    Array.from(root.children).forEach((child) => child.remove());
    root.removeAttribute('aria-busy');
  } else {
    doc.getElementById(`${slot}--${app}`)?.remove();
  }
  const notice = (template.content.firstElementChild as HTMLElement).cloneNode(true) as HTMLElement;
  notice.dataset.appFailed = app;
  notice.querySelector('[data-action="retry"]')?.addEventListener('click', () => doc.defaultView?.location.reload());
  notice.querySelector('[data-action="close"]')?.addEventListener('click', () => {
    notice.remove();
    const url = new URL(doc.location.href);
    url.searchParams.delete('modal');
    doc.defaultView?.history.replaceState(doc.defaultView.history.state, '', url.pathname + url.search + url.hash);
  });
  root.appendChild(notice);
  if (slot === 'mf-page') (notice.querySelector('[data-action="retry"]') as HTMLElement | null)?.focus();
  return notice;
}

const reported = new Set<string>();

/**
 * Tells the server once per page view and app that the app failed, through
 * the tracking call (event MICROFRONTEND_FAILURE) with the release version,
 * so an operator (and an automatic rollback) can see a broken release.
 */
export function reportFailure(app: string, phase: Phase, error: unknown, remotes: RemotesMap, send: typeof fetch = fetch): void {
  if (reported.has(app)) return;
  reported.add(app);
  const message = error instanceof Error ? error.message : String(error);
  const base = app.replace(/-modal$/, '') as keyof RemotesMap;
  const body = {
    event: 'MICROFRONTEND_FAILURE',
    data: { app, version: versionOf(remotes[base]), phase, error: message.slice(0, 500), url: location.pathname + location.search },
  };
  send('/api/user/log-event', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
    keepalive: true,
  }).catch(() => undefined);
}

/** Test helper. */
export function __resetReportedForTests(): void {
  reported.clear();
}

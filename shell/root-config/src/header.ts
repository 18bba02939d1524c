/**
 * Re-fetches the server-rendered header fragment (after login/logout) and
 * swaps `#site-header`. A stale answer (a newer refresh started) is dropped.
 */
let generation = 0;

export async function refreshHeader(doc: Document = document): Promise<boolean> {
  const mine = ++generation;
  try {
    const res = await fetch(location.pathname + location.search, {
      headers: { 'HX-Request': 'true', 'HX-Target': 'header' },
      credentials: 'same-origin',
    });
    if (!res.ok) return false;
    const html = await res.text();
    if (mine !== generation) return false;
    const current = doc.getElementById('site-header');
    if (!current || !html.trim()) return false;
    current.outerHTML = html;
    return true;
  } catch (e) {
    console.warn('[root-config] header refresh failed', e);
    return false;
  }
}

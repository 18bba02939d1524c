import { isApiError, request, type Method } from '@casino/platform';

/** The permissions the server names (bff/staff); the screens follow them. */
export type Permission =
  | 'withdrawals.read'
  | 'withdrawals.decide'
  | 'kyc.read'
  | 'kyc.review'
  | 'releases.read'
  | 'releases.write'
  | 'audit.read'
  | 'dashboard.read'
  | 'players.read'
  | 'players.note'
  | 'settings.read'
  | 'settings.write';

export interface Member {
  id: number;
  email: string;
  role: string;
  permissions: Permission[];
}

export interface Withdrawal {
  withdrawalId: string;
  amount: string;
  currencyCode: string;
  method: string;
  status: string;
  createdAt: string;
  reason?: string;
  userId?: number;
  email?: string;
  decidedBy?: string;
  fourEyes: boolean;
  approvedBy: string[];
}

export interface Decision {
  withdrawal: Withdrawal;
  awaitingSecondApproval: boolean;
}

export interface Document {
  id: number;
  documentType: string;
  fileName: string;
  contentType: string;
  size: number;
  status: string;
  reason?: string;
  uploadedAt: string;
  playerId: number;
  email: string;
}

export interface Release {
  name: string;
  version: string;
  entry: string;
  publishedAt: string;
  current: boolean;
  canary?: number;
  rolledBackAt?: string;
  rolledBackReason?: string;
}

export interface ReleaseSet {
  name: string;
  releases: Release[];
  /** A canary runs or the current release has one before it. */
  canRollBack: boolean;
}

export interface Figures {
  currency: string;
  deposits: string;
  depositCount: number;
  withdrawals: string;
  withdrawalCount: number;
  ggr: string;
  ngr: string;
  pendingWithdrawals: string;
  pendingCount: number;
}

export interface Dashboard {
  day: string;
  currencies: Figures[];
  activePlayers: number;
  pendingDocuments: number;
}

export interface PlayerRow {
  id: number;
  email: string;
  name: string;
  country: string;
  currency: string;
  kycStatus: string;
  createdAt: string;
  selfExcluded: boolean;
}

export interface Player extends PlayerRow {
  emailVerified: boolean;
  phone: string;
  dateOfBirth: string;
  address: string;
  depositCount: number;
  selfExclusionUntil: string;
  selfExclusionPermanent: boolean;
  balances: { real: string; bonus: string; onHold: string };
  statement: { date: string; kind: string; account: string; amount: string; balanceAfter: string }[];
  documents: { id: number; documentType: string; fileName: string; status: string; reason?: string; uploadedAt: string }[];
  withdrawals: Withdrawal[];
  notes: { id: number; author: string; body: string; createdAt: string }[];
}

export interface AuditEntry {
  id: number;
  createdAt: string;
  actor: string;
  action: string;
  target: string;
  before: unknown;
  after: unknown;
  reason: string;
}

/** Where this tab keeps the session's request token (sessionStorage: this tab only). */
export const TOKEN_KEY = 'casino.staffToken';
export const TOKEN_HEADER = 'X-Staff-Token';

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export function requestToken(): string {
  return storage()?.getItem(TOKEN_KEY) ?? '';
}

function setRequestToken(token: string | undefined) {
  if (token) storage()?.setItem(TOKEN_KEY, token);
  else storage()?.removeItem(TOKEN_KEY);
}

/**
 * Back-office calls: the staff cookie and this tab's request token
 * authenticate them (never a player's token; the casino's pages of the same
 * origin cannot read this tab's token), and a 401 or 403 is the back
 * office's to show: the platform's player log-in redirect is off.
 */
async function call<T>(method: Method, path: string, opts: { body?: unknown; query?: Record<string, string | undefined>; signal?: AbortSignal } = {}) {
  try {
    return await request<T>(method, path, { ...opts, headers: { [TOKEN_HEADER]: requestToken() }, handleForbidden: false });
  } catch (e) {
    if (isApiError(e) && e.status === 401) setRequestToken(undefined);
    throw e;
  }
}

/** Fetches a file with the session's headers and hands it over as a blob URL. */
export async function fetchFile(path: string): Promise<{ url: string; name: string }> {
  const res = await fetch(path, { headers: { [TOKEN_HEADER]: requestToken() }, credentials: 'same-origin' });
  if (!res.ok) throw new Error(`${res.status}`);
  const name = /filename="([^"]+)"/.exec(res.headers.get('Content-Disposition') ?? '')?.[1] ?? '';
  return { url: URL.createObjectURL(await res.blob()), name };
}

export const backoffice = {
  me: (signal?: AbortSignal) => call<Member>('GET', '/api/backoffice/me', { signal }),
  login: async (email: string, password: string, code: string) => {
    const m = await call<Member & { requestToken?: string }>('POST', '/api/backoffice/login', { body: { email, password, code } });
    setRequestToken(m.requestToken);
    return m;
  },
  logout: () => call<{ ok: boolean }>('POST', '/api/backoffice/logout', { body: {} }).finally(() => setRequestToken(undefined)),
  dashboard: (signal?: AbortSignal) => call<Dashboard>('GET', '/api/backoffice/dashboard', { signal }),
  players: (q: string, signal?: AbortSignal) => call<PlayerRow[]>('GET', '/api/backoffice/players', { query: { q }, signal }),
  player: (id: string, signal?: AbortSignal) => call<Player>('GET', `/api/backoffice/players/${encodeURIComponent(id)}`, { signal }),
  addNote: (id: number, body: string) => call<{ id: number }>('POST', `/api/backoffice/players/${id}/notes`, { body: { body } }),
  features: (signal?: AbortSignal) => call<{ name: string; enabled: boolean }[]>('GET', '/api/backoffice/features', { signal }),
  setFeature: (name: string, enabled: boolean, reason: string) =>
    call<{ name: string; enabled: boolean }>('PUT', `/api/backoffice/features/${encodeURIComponent(name)}`, { body: { enabled, reason } }),
  withdrawals: (status: string, signal?: AbortSignal) =>
    call<{ count: number; rows: Withdrawal[] }>('GET', '/api/backoffice/withdrawals', { query: { status }, signal }),
  approve: (id: string, reason: string) => call<Decision>('POST', `/api/backoffice/withdrawals/${encodeURIComponent(id)}/approve`, { body: { reason } }),
  reject: (id: string, reason: string) => call<Decision>('POST', `/api/backoffice/withdrawals/${encodeURIComponent(id)}/reject`, { body: { reason } }),
  documents: (status: string, signal?: AbortSignal) => call<{ count: number; rows: Document[] }>('GET', '/api/backoffice/documents', { query: { status }, signal }),
  review: (id: number, approve: boolean, reason: string) =>
    call<{ id: number; status: string }>('POST', `/api/backoffice/documents/${id}/${approve ? 'approve' : 'reject'}`, { body: { reason } }),
  releases: (signal?: AbortSignal) => call<ReleaseSet[]>('GET', '/api/backoffice/releases', { signal }),
  activate: (name: string, version: string, reason: string) =>
    call<Release>('POST', `/api/backoffice/releases/${encodeURIComponent(name)}/activate`, { body: { version, reason } }),
  rollback: (name: string, reason: string) => call<Release>('POST', `/api/backoffice/releases/${encodeURIComponent(name)}/rollback`, { body: { reason } }),
  audit: (filter: Record<string, string | undefined>, signal?: AbortSignal) => call<AuditEntry[]>('GET', '/api/backoffice/audit', { query: filter, signal }),
};

/** The address of a document's file (opened in a new tab). */
export const documentFileUrl = (id: number) => `/api/backoffice/documents/${id}/file`;

/** The CSV export of the withdrawals with a status. */
export const withdrawalsCsvUrl = (status: string) => `/api/backoffice/withdrawals.csv?status=${encodeURIComponent(status)}`;

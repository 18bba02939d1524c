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
  | 'settings.write'
  | 'players.sessions'
  | 'players.limits'
  | 'players.freeze'
  | 'bonuses.read'
  | 'bonuses.write'
  | 'providers.read'
  | 'providers.write'
  | 'staff.read'
  | 'staff.write'
  | 'chat.moderate';

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
  rounds: Round[];
  sessions: PlayerSession[];
  protection: Protection;
}

export interface Round {
  id: number;
  provider: string;
  roundId: string;
  game: string;
  currency: string;
  bet: string;
  bonusBet: string;
  win: string;
  status: string;
  startedAt: string;
  /** The studio's recall page, signed for staff (absent for other providers). */
  recall?: string;
}

export interface PlayerSession {
  id: string;
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
  ip: string;
  userAgent: string;
}

export interface LimitRow {
  type: 'deposit' | 'loss' | 'bet';
  period: 'daily' | 'weekly' | 'monthly';
  amount: string;
  pending?: { amount: string; effectiveAt: string };
}

export interface Protection {
  limits: LimitRow[];
  highLoyalty: boolean;
  frozen: { frozenAt: string; frozenBy: string; reason: string } | null;
  selfFrozenUntil: string;
}

export interface BonusSummary {
  id: number;
  code: string;
  name: string;
  type: string;
  isActive: boolean;
  couponOnly?: boolean;
  validFrom?: string;
  validTo?: string;
  currencies: number;
  granted: number;
  activeGrants: number;
}

/** A bonus in the seed's shape (bff/bonus SeedBonus): what `casino bonuses put` takes. */
export interface SeedBonus {
  code: string;
  name: string;
  type: string;
  isActive: boolean;
  order: number;
  depositBonusPercent: number;
  wageringMultiplier: number;
  wageringType: string;
  depositsNumber: number;
  daysValid: number;
  validFrom: string;
  validTo: string;
  freeSpinsQuantity: number;
  freeSpinGame: string;
  couponOnly?: boolean;
  cashbackPercent?: number;
  amounts: Record<string, Record<string, string>>;
  [more: string]: unknown;
}

export interface Coupon {
  code: string;
  bonus: string;
  isActive: boolean;
  maxRedemptions: number;
  redemptions?: number;
  validTo?: string;
}

export interface Provider {
  name: string;
  title: string;
  active: boolean;
  createdAt: string;
  games: number;
  activeGames: number;
}

export interface PaymentMethod {
  id?: number;
  name: string;
  paymentMethod: string;
  processor: string;
  isActive: boolean;
  hidden: boolean;
  allowedCountries: string[] | null;
  restrictedCountries: string[] | null;
  allowedCurrencies: string[] | null;
  restrictedCurrencies: string[] | null;
  limits: Record<string, { min: string; max: string }> | null;
  [more: string]: unknown;
}

export interface Mirror {
  url: string;
  domainId: number;
  settings: { loginOff: boolean; registrationConfigs: { country: string; from: string; to: string; deviceType?: string }[] | null };
}

export interface NewStaff extends Member {
  password: string;
  secret: string;
  otpauthUrl: string;
  qrCode: string;
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

/** A chat message with its author (GET /api/backoffice/chat/rooms/{room}/messages). */
export interface ChatMessage {
  id: number;
  room: string;
  name: string;
  text: string;
  at: string;
  playerId: number;
  player: string;
}

/** A mute (until) or a ban in force. */
export interface ChatSanction {
  playerId: number;
  player: string;
  kind: 'mute' | 'ban';
  until?: string;
  reason?: string;
}

export interface ChatRoom {
  rooms: string[];
  messages: ChatMessage[];
  sanctions: ChatSanction[];
}

export type ChatAction = 'mute' | 'ban' | 'unban';

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
  endSession: (player: number, session: string, reason: string) =>
    call<{ ok: boolean }>('POST', `/api/backoffice/players/${player}/sessions/${encodeURIComponent(session)}/end`, { body: { reason } }),
  setBetLimit: (player: number, period: string, amount: string, reason: string) =>
    call<LimitRow>('PUT', `/api/backoffice/players/${player}/limits/bet/${encodeURIComponent(period)}`, { body: { amount, reason } }),
  chatRoom: (room: string, before: number | undefined, signal?: AbortSignal) =>
    call<ChatRoom>('GET', `/api/backoffice/chat/rooms/${encodeURIComponent(room)}/messages`, { query: { before: before ? String(before) : undefined }, signal }),
  deleteChatMessage: (id: number, reason: string) => call<{ ok: boolean }>('POST', `/api/backoffice/chat/messages/${id}/delete`, { body: { reason } }),
  chatSanction: (player: number, action: ChatAction, reason: string, minutes?: number) =>
    call<{ ok: boolean }>('POST', `/api/backoffice/players/${player}/chat/${action}`, { body: { reason, minutes } }),
  freeze: (player: number, freeze: boolean, reason: string) =>
    call<{ frozen: Protection['frozen'] }>('POST', `/api/backoffice/players/${player}/${freeze ? 'freeze' : 'unfreeze'}`, { body: { reason } }),
  bonuses: (signal?: AbortSignal) => call<BonusSummary[]>('GET', '/api/backoffice/bonuses', { signal }),
  bonus: (code: string, signal?: AbortSignal) => call<SeedBonus>('GET', `/api/backoffice/bonuses/${encodeURIComponent(code)}`, { signal }),
  putBonus: (bonus: SeedBonus, reason: string) => call<SeedBonus>('PUT', `/api/backoffice/bonuses/${encodeURIComponent(bonus.code)}`, { body: { bonus, reason } }),
  disableBonus: (code: string, reason: string) => call<{ ok: boolean }>('POST', `/api/backoffice/bonuses/${encodeURIComponent(code)}/disable`, { body: { reason } }),
  coupons: (signal?: AbortSignal) => call<Coupon[]>('GET', '/api/backoffice/coupons', { signal }),
  putCoupon: (coupon: Coupon, reason: string) => call<Coupon>('PUT', `/api/backoffice/coupons/${encodeURIComponent(coupon.code)}`, { body: { coupon, reason } }),
  disableCoupon: (code: string, reason: string) => call<{ ok: boolean }>('POST', `/api/backoffice/coupons/${encodeURIComponent(code)}/disable`, { body: { reason } }),
  providers: (signal?: AbortSignal) => call<Provider[]>('GET', '/api/backoffice/providers', { signal }),
  providerGames: (name: string, signal?: AbortSignal) =>
    call<{ slug: string; name: string; kind: string; rtp: number; active: boolean }[]>('GET', `/api/backoffice/providers/${encodeURIComponent(name)}/games`, { signal }),
  rotateSecret: (name: string, reason: string) =>
    call<{ name: string; secret: string }>('POST', `/api/backoffice/providers/${encodeURIComponent(name)}/rotate-secret`, { body: { reason } }),
  setProviderActive: (name: string, active: boolean, reason: string) =>
    call<{ name: string; active: boolean }>('POST', `/api/backoffice/providers/${encodeURIComponent(name)}/${active ? 'enable' : 'disable'}`, { body: { reason } }),
  paymentMethods: (signal?: AbortSignal) => call<PaymentMethod[]>('GET', '/api/backoffice/payment-methods', { signal }),
  putPaymentMethod: (method: PaymentMethod, reason: string) =>
    call<PaymentMethod>('PUT', `/api/backoffice/payment-methods/${encodeURIComponent(method.name)}`, { body: { method, reason } }),
  settings: (signal?: AbortSignal) => call<Record<string, unknown>>('GET', '/api/backoffice/settings', { signal }),
  patchSettings: (patch: unknown, reason: string) => call<Record<string, unknown>>('PATCH', '/api/backoffice/settings', { body: { patch, reason } }),
  mirrors: (signal?: AbortSignal) => call<Mirror[]>('GET', '/api/backoffice/mirrors', { signal }),
  putMirror: (url: string, settings: Mirror['settings'], reason: string) => call<{ url: string }>('PUT', '/api/backoffice/mirrors', { body: { url, settings, reason } }),
  staff: (signal?: AbortSignal) => call<Member[]>('GET', '/api/backoffice/staff', { signal }),
  createStaff: (email: string, role: string) => call<NewStaff>('POST', '/api/backoffice/staff', { body: { email, role } }),
  disableStaff: (email: string, reason: string) => call<{ ok: boolean }>('POST', `/api/backoffice/staff/${encodeURIComponent(email)}/disable`, { body: { reason } }),
};

/** The address of a document's file (opened in a new tab). */
export const documentFileUrl = (id: number) => `/api/backoffice/documents/${id}/file`;

/** The CSV export of the withdrawals with a status. */
export const withdrawalsCsvUrl = (status: string) => `/api/backoffice/withdrawals.csv?status=${encodeURIComponent(status)}`;

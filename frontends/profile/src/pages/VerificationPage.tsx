import { useState } from 'react';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { getToken, useApi, type AppMessage } from '@casino/platform';
import { Card, Grid, Muted, Stack, useToast } from '@casino/ui';
import { PROFILE_API, useUserDetails } from '../api';
import { m } from '../messages';
import { validateDocument } from '../validation';
import { ProfileLayout } from './ProfileLayout';

const DOCUMENTS: { kind: string; label: AppMessage }[] = [
  { kind: 'IDENTITY_PROOF', label: m.docIdentity },
  { kind: 'PROOF_OF_ADDRESS', label: m.docAddress },
  { kind: 'BANK_STATEMENT', label: m.docBank },
];

const UploadLabel = styled.label`
  display: inline-flex;
  padding: ${({ theme }) => `${theme.space(2)} ${theme.space(4)}`};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.primary};
  color: ${({ theme }) => theme.colors.primaryText};
  font-weight: 600;
  cursor: pointer;
  input {
    position: absolute;
    opacity: 0;
    width: 1px;
  }
  &:focus-within {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
  }
`;

export interface UploadedDocument {
  id: number;
  documentType: string;
  fileName: string;
  status: 'pending' | 'confirmed' | 'rejected';
  reason?: string;
  uploadedAt: string;
}

/** The server's refusal text (type, size) when it gave one. */
class UploadRefused extends Error {}

async function upload(kind: string, file: File): Promise<void> {
  const body = new FormData();
  body.append('documentType', kind);
  body.append('file', file);
  const token = getToken();
  const res = await fetch(PROFILE_API.uploadDocument, {
    method: 'POST',
    body,
    credentials: 'same-origin',
    headers: token ? { Authorization: `Bearer ${token}`, 'X-Access-Token': token } : {},
  });
  if (!res.ok) {
    const message = await res
      .json()
      .then((b: { error?: { message?: string } }) => b.error?.message)
      .catch(() => undefined);
    if (message && res.status < 500) throw new UploadRefused(message);
    throw new Error(String(res.status));
  }
}

function DocumentCard({ kind, label, documents, onUploaded }: { kind: string; label: AppMessage; documents: UploadedDocument[]; onUploaded: () => void }) {
  const intl = useIntl();
  const toast = useToast();
  const [error, setError] = useState<string | null>(null);
  const [name, setName] = useState<string | null>(null);
  const onFile = async (file: File | undefined) => {
    if (!file) return;
    const problem = validateDocument(file);
    if (problem) {
      setError(intl.formatMessage(problem === 'type' ? m.fileType : m.fileSize));
      return;
    }
    setError(null);
    try {
      await upload(kind, file);
      setName(file.name);
      onUploaded();
    } catch (e) {
      if (e instanceof UploadRefused) setError(e.message);
      else toast.show(intl.formatMessage(m.uploadFailed), 'error');
    }
  };
  return (
    <Card>
      <Stack $gap={3}>
        <strong>{intl.formatMessage(label)}</strong>
        {documents.length > 0 ? (
          <ul style={{ margin: 0, paddingInlineStart: 18 }}>
            {documents.map((d) => (
              <li key={d.id} data-testid="document" data-status={d.status}>
                {d.fileName || intl.formatMessage(label)}: {intl.formatMessage(STATUS[d.status])}
                {d.reason ? ` — ${d.reason}` : ''}
              </li>
            ))}
          </ul>
        ) : (
          name && <Muted>{name}</Muted>
        )}
        <UploadLabel>
          {intl.formatMessage(m.upload)}
          <input type="file" accept=".jpg,.jpeg,.png,.pdf" onChange={(e) => void onFile(e.target.files?.[0])} />
        </UploadLabel>
        {error && (
          <Muted role="alert" style={{ color: 'inherit' }}>
            {error}
          </Muted>
        )}
      </Stack>
    </Card>
  );
}

const STATUS: Record<UploadedDocument['status'], AppMessage> = { pending: m.docPending, confirmed: m.docConfirmed, rejected: m.docRejected };

/**
 * The KYC status discrepancy (SPEC section 8): documents were confirmed, but
 * the identity details changed since (the server sent KYC back to
 * NOT_STARTED), so the verified data no longer matches the profile.
 */
export function kycDiscrepancy(status: string | undefined, documents: readonly UploadedDocument[]): boolean {
  return status === 'NOT_STARTED' && documents.some((d) => d.status === 'confirmed');
}

function Verification() {
  const intl = useIntl();
  const { data, refetch } = useUserDetails();
  const docs = useApi<{ rows: UploadedDocument[] }>(PROFILE_API.documents, { auth: true, refreshMs: 15_000 });
  const uploaded = () => {
    docs.refetch();
    refetch();
  };
  const status = data?.getUser?.kycStatus;
  return (
    <Stack $gap={4}>
      <Muted>{intl.formatMessage(m.verificationIntro)}</Muted>
      {status && <strong>{intl.formatMessage(m.kycStatus, { status })}</strong>}
      {kycDiscrepancy(status, docs.data?.rows ?? []) && (
        <Muted role="status" data-testid="kyc-discrepancy">
          {intl.formatMessage(m.kycDiscrepancy)}
        </Muted>
      )}
      <Grid $min={220}>
        {DOCUMENTS.map((d) => (
          <DocumentCard key={d.kind} kind={d.kind} label={d.label} documents={(docs.data?.rows ?? []).filter((x) => x.documentType === d.kind)} onUploaded={uploaded} />
        ))}
      </Grid>
    </Stack>
  );
}

export function VerificationPage() {
  return (
    <ProfileLayout title={m.menuVerification}>
      <Verification />
    </ProfileLayout>
  );
}

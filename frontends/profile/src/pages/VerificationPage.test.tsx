import { describe, expect, it } from 'vitest';
import { kycDiscrepancy, type UploadedDocument } from './VerificationPage';

const doc = (status: UploadedDocument['status']) => ({ status }) as UploadedDocument;

describe('kycDiscrepancy (SPEC section 8: the KYC status discrepancy notice)', () => {
  it.each([
    ['details changed after a confirmed document', 'NOT_STARTED', [doc('confirmed')], true],
    ['nothing verified yet', 'NOT_STARTED', [doc('pending')], false],
    ['no documents', 'NOT_STARTED', [], false],
    ['verified and unchanged', 'APPROVED', [doc('confirmed')], false],
    ['under review', 'PENDING', [doc('confirmed'), doc('pending')], false],
    ['status not loaded', undefined, [doc('confirmed')], false],
  ] as const)('%s', (_name, status, docs, want) => {
    expect(kycDiscrepancy(status, docs)).toBe(want);
  });
});

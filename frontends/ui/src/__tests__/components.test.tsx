import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Button } from '../components/Button';
import { Field } from '../components/Field';
import { Modal } from '../components/Modal';
import { Table } from '../components/Table';
import { Tabs } from '../components/Tabs';
import { ToastProvider, useToast } from '../components/Toast';
import { renderUi } from './render';

afterEach(cleanup);

function ModalHarness({ onClose }: { onClose: () => void }) {
  return (
    <>
      <button>opener</button>
      <Modal open title="Log in" onClose={onClose}>
        <input aria-label="email" />
        <button>submit</button>
      </Modal>
    </>
  );
}

describe('Modal', () => {
  it('is a labelled modal dialog that focuses its first control', () => {
    renderUi(<ModalHarness onClose={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: 'Log in' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
  });

  it('closes on Escape and on a backdrop click', () => {
    const onClose = vi.fn();
    renderUi(<ModalHarness onClose={onClose} />);
    fireEvent.keyDown(document, { key: 'Escape' });
    fireEvent.mouseDown(screen.getByTestId('modal-overlay'));
    fireEvent.mouseDown(screen.getByRole('dialog'));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('traps Tab inside the dialog', () => {
    renderUi(<ModalHarness onClose={() => {}} />);
    const close = screen.getByRole('button', { name: 'Close' });
    const submit = screen.getByRole('button', { name: 'submit' });
    submit.focus();
    fireEvent.keyDown(document, { key: 'Tab' });
    expect(document.activeElement).toBe(close);
    fireEvent.keyDown(document, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(submit);
  });
});

describe('Field', () => {
  it('links its label and announces the error text', () => {
    renderUi(<Field label="Email" error="Required" value="" onChange={() => {}} />);
    const input = screen.getByLabelText('Email');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('Required');
    expect(input.getAttribute('aria-describedby')).toContain(alert.id);
  });
});

describe('Tabs', () => {
  function Harness() {
    const [tab, setTab] = useState<'games' | 'withdrawal' | 'deposit'>('games');
    return (
      <Tabs
        label="Transaction type"
        active={tab}
        onChange={setTab}
        items={[
          { key: 'games', label: 'Games' },
          { key: 'withdrawal', label: 'Withdrawal' },
          { key: 'deposit', label: 'Deposit' },
        ]}
      />
    );
  }
  it('selects with click and arrow keys (wrapping)', () => {
    renderUi(<Harness />);
    const tab = (name: string) => screen.getByRole('tab', { name });
    expect(tab('Games').getAttribute('aria-selected')).toBe('true');
    fireEvent.click(tab('Deposit'));
    expect(tab('Deposit').getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(tab('Deposit'), { key: 'ArrowRight' });
    expect(tab('Games').getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(tab('Games'), { key: 'ArrowLeft' });
    expect(tab('Deposit').getAttribute('aria-selected')).toBe('true');
  });
});

describe('Table', () => {
  const columns = [{ key: 'id', header: 'Transaction ID', render: (r: { id: string }) => r.id }];
  it('shows skeleton rows while loading, rows after, and the empty state without rows', () => {
    const { rerender } = renderUi(<Table columns={columns} rows={undefined} rowKey={(r) => r.id} loading empty={<p>none</p>} />);
    expect(screen.getByRole('table').getAttribute('aria-busy')).toBe('true');
    expect(screen.queryByText('none')).toBeNull();
    rerender(<Table columns={columns} rows={[{ id: 'T-1' }]} rowKey={(r) => r.id} empty={<p>none</p>} />);
    expect(screen.getByRole('cell', { name: 'T-1' })).toBeTruthy();
    rerender(<Table columns={columns} rows={[]} rowKey={(r) => r.id} empty={<p>none</p>} />);
    expect(screen.getByText('none')).toBeTruthy();
  });
});

describe('Toast and Button', () => {
  function Harness() {
    const toast = useToast();
    return <Button onClick={() => toast.show('Withdrawal success', 'success', 1000)}>go</Button>;
  }
  it('shows a toast in the live region and removes it after its duration', () => {
    vi.useFakeTimers();
    renderUi(
      <ToastProvider>
        <Harness />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'go' }));
    expect(screen.getByRole('status').textContent).toContain('Withdrawal success');
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByRole('status')).toBeNull();
    vi.useRealTimers();
  });

  it('disables a loading button', () => {
    renderUi(<Button loading>Pay</Button>);
    const b = screen.getByRole('button', { name: /Pay/ }) as HTMLButtonElement;
    expect(b.disabled).toBe(true);
    expect(b.getAttribute('aria-busy')).toBe('true');
  });
});

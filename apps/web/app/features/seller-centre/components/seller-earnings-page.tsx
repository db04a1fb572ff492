import {
  type Balance,
  EARNINGS_PAGE_SIZE,
  LEDGER_ENTRY_KINDS,
  type LedgerEntry,
  type LedgerEntryKind,
  type Withdrawal,
  type WithdrawalStatus,
} from '@shop/contracts/earnings';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Spinner } from '../../../components/ui/spinner';
import { EmptyState, ErrorState } from '../../../components/ui/states';
import { useApi } from '../../../lib/api-context';
import { useT } from '../../../lib/i18n';
import { useMarketTime } from '../../../lib/market-time';
import { sellerLedgerQueryOptions, sellerWithdrawalsQueryOptions } from '../api/seller-earnings';
import { useSellerMoney } from '../format';
import { PageLinks } from './page-links';
import { RecordSection } from './record-page';
import { WithdrawalForm } from './withdrawal-form';

/** What each kind of ledger entry is called, and what it is. */
export const LEDGER_KINDS: Record<LedgerEntryKind, { label: string; meaning: string }> = {
  sale: { label: 'Sale', meaning: 'A delivered order’s amount, added to your balance.' },
  commission: {
    label: 'Commission',
    meaning: 'The marketplace’s commission on a delivered order, taken from your balance.',
  },
  refund: { label: 'Refund', meaning: 'A refunded return’s amount, taken from your balance.' },
  commission_refund: {
    label: 'Commission returned',
    meaning: 'The commission on a refunded return, given back to your balance.',
  },
  withdrawal_hold: {
    label: 'Withdrawal held',
    meaning: 'A withdrawal you asked for, held from your balance until it is paid or refused.',
  },
  withdrawal_release: {
    label: 'Withdrawal released',
    meaning: 'A refused withdrawal, back in your balance.',
  },
};

const WITHDRAWAL_TONES: Record<WithdrawalStatus, { label: string; tone: string }> = {
  pending: { label: 'Pending', tone: 'bg-amber-50 text-amber-800' },
  paid: { label: 'Paid', tone: 'bg-emerald-50 text-emerald-800' },
  refused: { label: 'Refused', tone: 'bg-rose-50 text-rose-800' },
};

export function WithdrawalStatusBadge({ status }: { status: WithdrawalStatus }) {
  const t = useT();
  const { label, tone } = WITHDRAWAL_TONES[status];
  return <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${tone}`}>{t(label)}</span>;
}

/** The address of the earnings page with the ledger's and the withdrawals' pages. */
export function earningsHref(ledgerPage: number, withdrawalsPage: number) {
  const params = new URLSearchParams();
  if (ledgerPage > 1) params.set('page', String(ledgerPage));
  if (withdrawalsPage > 1) params.set('withdrawals', String(withdrawalsPage));
  const query = params.toString();
  return query ? `/shop/earnings?${query}` : '/shop/earnings';
}

/** The available balance, what withdrawals hold, and the commission rate. */
export function BalanceTiles({ balance }: { balance: Balance }) {
  const t = useT();
  const money = useSellerMoney();
  return (
    <dl className="grid gap-4 sm:grid-cols-3">
      <div className="rounded-2xl bg-white p-5 shadow-sm">
        <dt className="text-sm text-slate-500">{t('Available balance')}</dt>
        <dd className="mt-1 text-xl font-bold tabular-nums text-slate-900" data-testid="available-balance">
          {money.format(balance.available)}
        </dd>
      </div>
      <div className="rounded-2xl bg-white p-5 shadow-sm">
        <dt className="text-sm text-slate-500">{t('Held for withdrawals')}</dt>
        <dd className="mt-1 text-xl font-bold tabular-nums text-slate-900">{money.format(balance.pending)}</dd>
      </div>
      <div className="rounded-2xl bg-white p-5 shadow-sm">
        <dt className="text-sm text-slate-500">{t('Commission')}</dt>
        <dd className="mt-1 text-xl font-bold text-slate-900">
          {t('{{rate}}% of each delivered order', { rate: balance.commission_rate })}
        </dd>
      </div>
    </dl>
  );
}

/** What an entry came from: the order (a link to it), the return or the withdrawal. */
function EntrySource({ entry }: { entry: LedgerEntry }) {
  const t = useT();
  if (entry.order_id !== null && entry.order_code) {
    return (
      <Link to={`/shop/orders/${entry.order_id}`} className="font-medium text-primary-700 hover:underline">
        <bdi>{entry.order_code}</bdi>
      </Link>
    );
  }
  if (entry.return_id !== null) {
    return (
      <Link to={`/shop/returns/${entry.return_id}`} className="font-medium text-primary-700 hover:underline">
        {t('Return #{{id}}', { id: entry.return_id })}
      </Link>
    );
  }
  if (entry.withdrawal_id !== null) return <span>{t('Withdrawal #{{id}}', { id: entry.withdrawal_id })}</span>;
  return null;
}

/** The ledger: what each entry is (and when), what it moved, the balance after it, where it came from. */
function LedgerTable({ entries }: { entries: LedgerEntry[] }) {
  const t = useT();
  const money = useSellerMoney();
  const time = useMarketTime();
  // The figures come right after the entry's name, so a phone shows them without scrolling.
  return (
    <div className="relative overflow-x-auto rounded-xl border border-slate-100">
      <table className="w-full text-sm">
        <caption className="sr-only">{t('Ledger')}</caption>
        <thead className="bg-slate-50 text-xs uppercase text-slate-500">
          <tr>
            <th scope="col" className="px-3 py-3 sm:px-4 text-start">
              {t('Entry')}
            </th>
            <th scope="col" className="px-3 py-3 sm:px-4 text-end">
              {t('Amount')}
            </th>
            <th scope="col" className="px-3 py-3 sm:px-4 text-end">
              {t('Balance after')}
            </th>
            <th scope="col" className="px-3 py-3 sm:px-4 text-start">
              {t('From')}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {entries.map((entry) => (
            <tr key={entry.id}>
              <td className="min-w-32 px-3 py-3 sm:px-4">
                <div className="font-medium text-slate-900">{t(LEDGER_KINDS[entry.kind].label)}</div>
                <div className="text-xs text-slate-500">{time.format(entry.created_at, 'dateTime')}</div>
              </td>
              <td
                className={`whitespace-nowrap px-3 py-3 sm:px-4 text-end font-semibold tabular-nums ${
                  entry.amount < 0 ? 'text-rose-700' : 'text-emerald-700'
                }`}
              >
                <span dir="ltr">{money.signed(entry.amount)}</span>
              </td>
              <td className="whitespace-nowrap px-3 py-3 sm:px-4 text-end tabular-nums text-slate-700">
                <span dir="ltr">{money.format(entry.balance_after)}</span>
              </td>
              <td className="whitespace-nowrap px-3 py-3 sm:px-4">
                <EntrySource entry={entry} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** What each kind of entry means, beside the ledger. */
function LedgerKinds() {
  const t = useT();
  return (
    <details className="mt-4 rounded-xl bg-slate-50 px-4 py-3 text-sm">
      <summary className="cursor-pointer font-medium text-slate-800">{t('What the entries mean')}</summary>
      <dl className="mt-2 grid gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]">
        {LEDGER_ENTRY_KINDS.map((kind) => (
          <div key={kind} className="contents">
            <dt className="font-medium text-slate-900">{t(LEDGER_KINDS[kind].label)}</dt>
            <dd className="mb-2 text-slate-600 sm:mb-0">{t(LEDGER_KINDS[kind].meaning)}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}

function WithdrawalList({ withdrawals }: { withdrawals: Withdrawal[] }) {
  const t = useT();
  const money = useSellerMoney();
  const time = useMarketTime();
  return (
    <ul className="divide-y divide-slate-100">
      {withdrawals.map((w) => (
        <li key={w.id} className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 py-3 text-sm">
          <div className="min-w-0">
            <p className="font-semibold tabular-nums text-slate-900">
              <span dir="ltr">{money.format(w.amount)}</span>
            </p>
            <p className="text-slate-600">
              <span dir="auto">{w.bank_name}</span> · <span dir="ltr">{w.bank_account_number}</span> ·{' '}
              <span dir="auto">{w.account_holder}</span>
            </p>
            <p className="text-xs text-slate-500">
              {t('Asked {{date}}', { date: time.format(w.created_at, 'dateTime') })}
              {w.decided_at ? ` · ${t('Decided {{date}}', { date: time.format(w.decided_at, 'dateTime') })}` : ''}
            </p>
            {w.note && <p className="mt-1 text-slate-700">{t('Note: {{note}}', { note: w.note })}</p>}
          </div>
          <WithdrawalStatusBadge status={w.status} />
        </li>
      ))}
    </ul>
  );
}

/**
 * /shop/earnings: the balance, the form that asks for a withdrawal, the withdrawals with their
 * status, and the ledger (every movement of the balance, signed, with the balance after it).
 */
export function SellerEarningsPage({ ledgerPage, withdrawalsPage }: { ledgerPage: number; withdrawalsPage: number }) {
  const t = useT();
  const api = useApi();
  const ledger = useQuery(sellerLedgerQueryOptions(api, ledgerPage));
  const withdrawals = useQuery(sellerWithdrawalsQueryOptions(api, withdrawalsPage));

  if (ledger.isError) {
    return <ErrorState title={t('We could not load your earnings')} onRetry={() => void ledger.refetch()} />;
  }
  if (!ledger.data) return <Spinner className="size-8 text-primary-600" label={t('Loading')} />;
  const { balance, entries, total } = ledger.data;
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold text-slate-900">{t('Earnings')}</h1>
      <BalanceTiles balance={balance} />
      <section className="rounded-2xl bg-white p-5 shadow-sm">
        <WithdrawalForm balance={balance} />
      </section>
      <RecordSection id="withdrawals-heading" title={t('Withdrawals')}>
        {withdrawals.isError ? (
          <ErrorState title={t('We could not load the withdrawals')} onRetry={() => void withdrawals.refetch()} />
        ) : !withdrawals.data ? (
          <Spinner className="size-6 text-primary-600" label={t('Loading')} />
        ) : withdrawals.data.withdrawals.length === 0 ? (
          <p className="text-sm text-slate-500">{t('No withdrawals yet.')}</p>
        ) : (
          <>
            <WithdrawalList withdrawals={withdrawals.data.withdrawals} />
            <PageLinks
              page={withdrawalsPage}
              total={withdrawals.data.total}
              perPage={EARNINGS_PAGE_SIZE}
              href={(p) => earningsHref(ledgerPage, p)}
            />
          </>
        )}
      </RecordSection>
      <RecordSection id="ledger-heading" title={t('Ledger')} headingGap="mb-3">
        {entries.length === 0 ? (
          <EmptyState
            title={t('No movements yet')}
            hint={t('Each delivered order adds its amount less the commission here.')}
            icon="banknotes"
          />
        ) : (
          <div className="space-y-3">
            <LedgerTable entries={entries} />
            <PageLinks
              page={ledgerPage}
              total={total}
              perPage={EARNINGS_PAGE_SIZE}
              href={(p) => earningsHref(p, withdrawalsPage)}
            />
          </div>
        )}
        <LedgerKinds />
      </RecordSection>
    </div>
  );
}

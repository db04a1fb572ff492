import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { AppDialog } from '../../../components/ui/dialog';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { notifySuccess } from '../../../components/ui/toaster';
import { ApiError } from '../../../lib/api-client';
import { useApi } from '../../../lib/api-context';
import { useT } from '../../../lib/i18n';
import { type CatalogueList, catalogueListQueryOptions, cataloguePath, useCatalogueWrite } from '../api/catalogue';

export interface DeletableRow {
  id: number;
  name: string;
  /** How many products use it. */
  products: number;
}

/**
 * Deletes one value of the catalogue structure. One products use is deleted only with the place
 * its products move to (`move_to`), chosen from the same list searched on the server; the server's
 * refusal (a count that grew meanwhile, a target gone) is shown here and opens the choice.
 */
export function CatalogueDeleteDialog({
  row,
  list,
  title,
  moveLabel,
  onClose,
}: {
  row: DeletableRow | null;
  /** The list the row is deleted from; its products move to another row of it. */
  list: CatalogueList;
  title: string;
  /** "Move its products to". */
  moveLabel: string;
  onClose: () => void;
}) {
  const t = useT();
  const api = useApi();
  const write = useCatalogueWrite();
  const [failure, setFailure] = useState<string | null>(null);
  const [mustMove, setMustMove] = useState(false);
  const [q, setQ] = useState('');
  const [sent, setSent] = useState('');
  const [moveTo, setMoveTo] = useState('');
  const open = row !== null;
  const moving = open && (row.products > 0 || mustMove);

  useEffect(() => {
    if (!open) return;
    setFailure(null);
    setMustMove(false);
    setQ('');
    setSent('');
    setMoveTo('');
  }, [open]);
  useEffect(() => {
    const timer = setTimeout(() => setSent(q.trim()), 400);
    return () => clearTimeout(timer);
  }, [q]);

  const targets = useQuery({
    ...catalogueListQueryOptions(api, list, { q: sent, per_page: 100, sort: 'name', direction: 'asc' }),
    enabled: moving,
  });
  const options = ((targets.data?.rows ?? []) as readonly DeletableRow[]).filter((r) => r.id !== row?.id);
  // A choice the search no longer shows is no choice.
  const chosen = options.some((r) => String(r.id) === moveTo) ? moveTo : '';

  const confirm = async () => {
    if (!row) return;
    if (moving && chosen === '') {
      setFailure(t('Choose where its products go.'));
      return;
    }
    try {
      const reply = await write.mutateAsync({
        path: `${cataloguePath(list)}/${row.id}`,
        method: 'DELETE',
        ...(moving ? { query: { move_to: chosen } } : {}),
      });
      notifySuccess(reply.message);
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) setMustMove(true);
      setFailure(
        error instanceof Error && error.message ? error.message : t('Something went wrong. Please try again.'),
      );
    }
  };

  return (
    <AppDialog open={open} onClose={onClose} title={title}>
      <div className="space-y-4">
        <p className="text-sm text-slate-700">
          {row && row.products > 0
            ? t('{{count}} products use {{name}}. They move to the one you choose, then it is deleted.', {
                count: row.products,
                name: row.name,
              })
            : t('{{name}} is deleted for good.', { name: row?.name ?? '' })}
        </p>
        {moving && (
          <fieldset className="space-y-3">
            <legend className="text-sm font-medium text-slate-700">{moveLabel}</legend>
            <TextField
              type="search"
              label={t('Search')}
              value={q}
              maxLength={100}
              onChange={(event) => setQ(event.target.value)}
            />
            <SelectField
              label={t('Move to')}
              value={chosen}
              onChange={(event) => {
                setMoveTo(event.target.value);
                setFailure(null);
              }}
              placeholder={targets.isPending ? t('Loading…') : t('Choose…')}
              options={options.map((r) => ({ value: String(r.id), label: r.name }))}
            />
          </fieldset>
        )}
        {failure && (
          <p role="alert" className="text-sm text-rose-600">
            {failure}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <Button type="button" variant="outline" onClick={onClose}>
            {t('Cancel')}
          </Button>
          <Button type="button" onClick={() => void confirm()} loading={write.isPending}>
            {moving ? t('Move and delete') : t('Delete')}
          </Button>
        </div>
      </div>
    </AppDialog>
  );
}

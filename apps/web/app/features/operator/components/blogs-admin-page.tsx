import { zodResolver } from '@hookform/resolvers/zod';
import { BLOG_SORTS, BLOG_STATUSES, type OperatorBlog } from '@shop/contracts/operator-content';
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { DataTable } from '../../../components/data-table/data-table';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { useApi } from '../../../lib/api-context';
import { useT } from '../../../lib/i18n';
import { useMarketTime } from '../../../lib/market-time';
import { operatorBlogsQueryOptions } from '../api/content';
import { ActiveField } from './back-office-form';
import {
  DeleteRowButton,
  EditRowButton,
  ListHeader,
  TextWithAddress,
  useBackOfficeList,
  useRowDialogs,
  ViewRowLink,
} from './back-office-list';
import { ConfirmDeleteDialog } from './confirm-dialog';
import { writtenIn } from './content-pages-page';
import { ContentPictureField, useContentPicture } from './content-picture';
import {
  LanguageTextsDialog,
  refineTexts,
  TEXT_FIELDS,
  textsBody,
  textsFormShape,
  textsFormValues,
} from './content-texts';
import { FilterBar, PageHeading, SearchFilter, StatusFilter } from './table-filters';

const STATUS_LABELS = { published: 'Published', draft: 'Draft' } as const;
export const blogFormSchema = z
  .object({
    ...textsFormShape,
    slug: z
      .string()
      .trim()
      .max(160, 'The slug may not be greater than 160 characters.')
      .refine(
        (v) => v === '' || /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(v),
        'The slug may contain only lowercase letters, digits and single dashes.',
      ),
    category_id: z.string(),
    media_id: z.number().int().nullable(),
    image_url: z.string(),
    is_active: z.boolean(),
  })
  .superRefine(refineTexts);
export type BlogFormValues = z.infer<typeof blogFormSchema>;
const FIELDS = [...TEXT_FIELDS, 'slug', 'category_id', 'media_id'] as const;

export function blogFormValues(blog: OperatorBlog | null): BlogFormValues {
  return {
    ...textsFormValues(blog),
    slug: blog?.slug ?? '',
    category_id: blog?.category ? String(blog.category.id) : '',
    media_id: blog?.image?.id ?? null,
    image_url: blog?.image?.url ?? '',
    is_active: blog?.is_active ?? true,
  };
}

function BlogFormDialog({
  open,
  blog,
  categories,
  onClose,
}: {
  open: boolean;
  blog: OperatorBlog | null;
  categories: readonly { id: number; name: string }[];
  onClose: () => void;
}) {
  const t = useT();
  const form = useForm<BlogFormValues>({ resolver: zodResolver(blogFormSchema), values: blogFormValues(blog) });
  const picture = useContentPicture(form);
  const error = (name: keyof BlogFormValues) => {
    const message = form.formState.errors[name]?.message;
    return message ? t(message) : undefined;
  };
  const close = () => {
    picture.reset();
    onClose();
  };
  return (
    <LanguageTextsDialog
      open={open}
      onClose={close}
      title={blog ? t('Edit the post') : t('New post')}
      form={form}
      path="/api/operator/blogs"
      id={blog?.id}
      body={(values) => ({
        ...textsBody(values),
        slug: values.slug.trim() || null,
        category_id: values.category_id ? Number(values.category_id) : null,
        media_id: values.media_id,
        is_active: values.is_active,
      })}
      fields={FIELDS}
      uploading={picture.uploading}
      textHint={t('What readers see on the post’s page. Scripts and styles are removed when it is saved.')}
      before={
        <div className="space-y-4">
          <ContentPictureField
            picture={picture}
            alt={t('The post’s picture')}
            previewWidth="w-32"
            error={error('media_id')}
            removable
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label={t('Address (empty: made from the title)')}
              prefix={<span dir="ltr">/blog/</span>}
              dir="ltr"
              autoComplete="off"
              error={error('slug')}
              {...form.register('slug')}
            />
            <SelectField
              label={t('Category')}
              placeholder={t('No category')}
              options={categories.map((c) => ({ value: String(c.id), label: c.name }))}
              error={error('category_id')}
              {...form.register('category_id')}
            />
          </div>
          <ActiveField label={t('Published (shown on the blog)')} registration={form.register('is_active')} />
        </div>
      }
    />
  );
}

const column = createColumnHelper<OperatorBlog>();

/** /operator/blogs: the blog's posts, published or draft, with their text in each language. */
export function BlogsAdminPage() {
  const t = useT();
  const api = useApi();
  const time = useMarketTime();
  const { params, update, query, tableProps } = useBackOfficeList();
  const list = useQuery(operatorBlogsQueryOptions(api, query));
  const dialogs = useRowDialogs<OperatorBlog>();

  const columns = useMemo(
    () => [
      column.accessor('title', {
        header: t('Title'),
        cell: (c) => (
          <span className="flex items-center gap-3">
            {c.row.original.image ? (
              <img
                src={c.row.original.image.url}
                alt=""
                className="h-10 w-16 shrink-0 rounded border border-slate-200 object-cover"
                loading="lazy"
              />
            ) : null}
            <TextWithAddress text={c.getValue()} address={<>/blog/{c.row.original.slug}</>} />
          </span>
        ),
      }),
      column.display({
        id: 'languages',
        header: t('Languages'),
        meta: { hideOnPhone: true },
        cell: (c) => <span dir="ltr">{writtenIn(c.row.original.translations)}</span>,
      }),
      column.display({
        id: 'category',
        header: t('Category'),
        meta: { hideOnPhone: true },
        cell: (c) => c.row.original.category?.name ?? '—',
      }),
      column.accessor('is_active', {
        header: t('Status'),
        cell: (c) => (c.getValue() ? t('Published') : t('Draft')),
      }),
      column.accessor('views', { header: t('Views'), meta: { align: 'end', hideOnPhone: true } }),
      column.accessor('created_at', {
        header: t('Written'),
        meta: { hideOnPhone: true },
        cell: (c) => time.format(c.getValue(), 'date'),
      }),
    ],
    [t, time],
  );

  return (
    <div className="space-y-5">
      <ListHeader newLabel={t('New post')} onNew={dialogs.create}>
        <PageHeading title={t('Blog posts')} hint={t('Posts in each language; the blog shows a change at once.')} />
      </ListHeader>
      <FilterBar>
        <SearchFilter value={params.filters.q ?? ''} onChange={(q) => update({ filters: { q } })} />
        <StatusFilter
          value={params.filters.status ?? ''}
          onChange={(status) => update({ filters: { status } })}
          options={BLOG_STATUSES.map((value) => ({ value, label: t(STATUS_LABELS[value]) }))}
        />
      </FilterBar>
      <DataTable
        label={t('Blog posts')}
        columns={columns}
        rows={list.data?.blogs}
        {...tableProps(list)}
        sortable={BLOG_SORTS}
        getRowId={(b: OperatorBlog) => String(b.id)}
        emptyTitle={t('No post matches.')}
        actions={(b: OperatorBlog) => (
          <>
            <EditRowButton name={b.title} onClick={() => dialogs.edit(b)} />
            {b.is_active && <ViewRowLink href={`/blog/${b.slug}`} name={b.title} />}
            <DeleteRowButton name={b.title} onClick={() => dialogs.remove(b)} />
          </>
        )}
      />
      <BlogFormDialog
        key={dialogs.editing?.id ?? 'new'}
        open={dialogs.formOpen}
        blog={dialogs.editing}
        categories={list.data?.categories ?? []}
        onClose={dialogs.closeForm}
      />
      <ConfirmDeleteDialog
        open={dialogs.deleting !== null}
        onClose={dialogs.closeDelete}
        title={t('Delete the post')}
        text={t('{{name}} leaves the blog and its address stops working.', { name: dialogs.deleting?.title ?? '' })}
        path={`/api/operator/blogs/${dialogs.deleting?.id}`}
      />
    </div>
  );
}

import { IMAGE_UPLOAD_TYPES } from '@shop/contracts/constants';
import { SHOP_LOGO_MAX_BYTES } from '@shop/contracts/sellers';
import { SHOP_BANNER_MAX_BYTES, type ShopProfile, shopProfileUpdateSchema } from '@shop/contracts/shop-profile';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Icon } from '../../../components/ui/icons';
import { ImagePicker, useObjectUrl } from '../../../components/ui/image-picker';
import { Img } from '../../../components/ui/img';
import { RichTextEditor } from '../../../components/ui/rich-text-editor';
import { Spinner } from '../../../components/ui/spinner';
import { ErrorState } from '../../../components/ui/states';
import { TextField } from '../../../components/ui/text-field';
import { notifyError, notifySuccess } from '../../../components/ui/toaster';
import { useApi } from '../../../lib/api-context';
import { serverFieldErrors } from '../../../lib/form-errors';
import { useT } from '../../../lib/i18n';
import { shopProfileQueryOptions, useUpdateShopProfile, useUploadShopPicture } from '../api/seller-profile';

const PICTURES = {
  logo: { maxBytes: SHOP_LOGO_MAX_BYTES, box: 'size-24 rounded-2xl', width: 96, height: 96 },
  banner: { maxBytes: SHOP_BANNER_MAX_BYTES, box: 'aspect-[2/1] w-full max-w-md rounded-xl', width: 448, height: 224 },
} as const;

/** One of the shop's pictures: what it is now, the chosen file's preview, then save or cancel. */
function PictureField({ kind, current }: { kind: 'logo' | 'banner'; current: string | null }) {
  const t = useT();
  const upload = useUploadShopPicture(kind);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | undefined>();
  const preview = useObjectUrl(file);
  const look = PICTURES[kind];
  const name = kind === 'logo' ? t('Logo') : t('Banner');

  const save = () => {
    if (!file) return;
    upload.mutate(file, {
      onSuccess: (reply) => {
        notifySuccess(reply.message);
        setFile(null);
        setError(undefined);
      },
      onError: (failure) => setError(serverFieldErrors(failure)[kind] ?? failure.message),
    });
  };

  return (
    <fieldset className="min-w-0 space-y-3">
      <legend className="text-sm font-medium text-slate-700">{name}</legend>
      <ImagePicker
        buttonLabel={
          kind === 'logo'
            ? current || file
              ? t('Change logo')
              : t('Upload logo')
            : current || file
              ? t('Change banner')
              : t('Upload banner')
        }
        preview={
          <span
            className={`grid shrink-0 place-items-center overflow-hidden border border-slate-200 bg-slate-50 text-slate-400 ${look.box}`}
          >
            {preview ? (
              <img
                src={preview}
                alt={t('Preview of the new {{picture}}', { picture: name })}
                className="size-full object-cover"
              />
            ) : current ? (
              <Img
                src={current}
                width={look.width}
                height={look.height}
                alt={t('Current {{picture}}', { picture: name })}
                className="size-full object-cover"
              />
            ) : (
              <Icon name="storefront" className="size-8" />
            )}
          </span>
        }
        file={file}
        onPick={(picked) => {
          setError(undefined);
          setFile(picked);
        }}
        error={error}
        maxBytes={look.maxBytes}
        types={IMAGE_UPLOAD_TYPES}
      />
      {file && (
        <div className="flex gap-2">
          <Button size="sm" loading={upload.isPending} onClick={save}>
            {kind === 'logo' ? t('Save logo') : t('Save banner')}
          </Button>
          <Button size="sm" variant="ghost" disabled={upload.isPending} onClick={() => setFile(null)}>
            {t('Cancel')}
          </Button>
        </div>
      )}
    </fieldset>
  );
}

const FIELDS = ['description', 'address', 'phone'] as const;
type Field = (typeof FIELDS)[number];

/** Description (rich text), address and phone, checked by the server's own schema before sending. */
function DetailsForm({ profile }: { profile: ShopProfile }) {
  const t = useT();
  const id = useId();
  const update = useUpdateShopProfile();
  const [description, setDescription] = useState(profile.description ?? '');
  const [address, setAddress] = useState(profile.address ?? '');
  const [phone, setPhone] = useState(profile.phone ?? '');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const body = { description, address, phone };
    const parsed = shopProfileUpdateSchema.safeParse(body);
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        // The contract's messages are English keys of the translations.
        if (FIELDS.includes(field) && !found[field]) found[field] = t(issue.message);
      }
      setErrors(found);
      const first = FIELDS.find((f) => found[f] && f !== 'description');
      if (first) document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    setErrors({});
    update.mutate(body, {
      onSuccess: (reply) => notifySuccess(reply.message),
      onError: (error) => {
        const server = serverFieldErrors(error);
        const mine = Object.fromEntries(Object.entries(server).filter(([f]) => FIELDS.includes(f as Field)));
        setErrors(mine);
        const rest = Object.entries(server)
          .filter(([f]) => !FIELDS.includes(f as Field))
          .map(([, m]) => m);
        setFormError(rest.length > 0 ? rest.join(' ') : Object.keys(mine).length > 0 ? null : error.message);
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <RichTextEditor
        label={t('Description')}
        hint={t('What shoppers read about your shop on its page.')}
        initialHtml={profile.description ?? ''}
        onChange={setDescription}
        error={errors.description}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id={`${id}-address`}
          label={t('Shop address')}
          value={address}
          onChange={(e) => setAddress(e.target.value)}
          error={errors.address}
          autoComplete="street-address"
          className="sm:col-span-2"
        />
        <TextField
          id={`${id}-phone`}
          label={t('Shop phone')}
          type="tel"
          dir="ltr"
          value={phone}
          onChange={(e) => setPhone(e.target.value)}
          error={errors.phone}
          autoComplete="tel"
        />
      </div>
      {formError && (
        <p role="alert" className="rounded-lg bg-rose-50 px-3 py-2 text-sm text-rose-700">
          {formError}
        </p>
      )}
      <Button type="submit" loading={update.isPending}>
        {t('Save profile')}
      </Button>
    </form>
  );
}

/**
 * "Closed for now": a switch that takes effect at once. While closed the shop's products stay on
 * the storefront marked unavailable, with a message that the shop is closed, and cannot be put in
 * a cart or ordered; orders already placed go on.
 */
function ClosedSwitch({ profile }: { profile: ShopProfile }) {
  const t = useT();
  const update = useUpdateShopProfile();
  const id = useId();
  const closed = profile.is_closed;
  const toggle = () =>
    update.mutate(
      { is_closed: !closed },
      {
        onSuccess: () => notifySuccess(closed ? t('Your shop is open again.') : t('Your shop is closed for now.')),
        onError: (error) => notifyError(error.message),
      },
    );
  return (
    <div className={`rounded-2xl p-5 shadow-sm ${closed ? 'bg-amber-50 ring-1 ring-amber-200' : 'bg-white'}`}>
      <div className="flex items-start justify-between gap-4">
        <div className="min-w-0">
          <h2 id={`${id}-label`} className="text-lg font-semibold text-slate-900">
            {t('Closed for now')}
          </h2>
          <p id={`${id}-text`} className="mt-1 text-sm text-slate-600">
            {t(
              'While your shop is closed, shoppers still see your products, marked unavailable with a message that your shop is closed for now; nobody can put them in a cart or order them. Orders already placed go on as usual.',
            )}
          </p>
        </div>
        <button
          type="button"
          role="switch"
          aria-checked={closed}
          aria-labelledby={`${id}-label`}
          aria-describedby={`${id}-text`}
          disabled={update.isPending}
          onClick={toggle}
          className={`relative mt-1 inline-flex h-7 w-12 shrink-0 items-center rounded-full transition focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary-400 focus-visible:ring-offset-2 disabled:opacity-60 ${
            closed ? 'bg-amber-500' : 'bg-slate-300'
          }`}
        >
          <span
            aria-hidden="true"
            className={`inline-block size-5 rounded-full bg-white shadow transition ${closed ? 'translate-x-6 rtl:-translate-x-6' : 'translate-x-1 rtl:-translate-x-1'}`}
          />
        </button>
      </div>
      <p className="mt-3 text-sm font-medium text-slate-800" aria-live="polite">
        {closed ? t('Your shop is closed for now.') : t('Your shop is open.')}
      </p>
    </div>
  );
}

/** /shop/profile: the shop's pictures, description, address and phone, and the "closed for now" switch. */
export function SellerProfilePage() {
  const t = useT();
  const api = useApi();
  const profile = useQuery(shopProfileQueryOptions(api));
  if (profile.isError) {
    return <ErrorState title={t('We could not load your shop’s profile')} onRetry={() => void profile.refetch()} />;
  }
  if (!profile.data) return <Spinner className="size-8 text-primary-600" label={t('Loading')} />;
  const p = profile.data;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">{t('Shop profile')}</h1>
        <Link to={`/shops/${p.slug}`} className="text-sm font-medium text-primary-700 hover:underline">
          {t('See your shop’s page')}
        </Link>
      </div>
      <ClosedSwitch profile={p} />
      <section aria-labelledby="pictures-heading" className="rounded-2xl bg-white p-5 shadow-sm">
        <h2 id="pictures-heading" className="mb-3 text-lg font-semibold text-slate-900">
          {t('Pictures')}
        </h2>
        <div className="grid gap-6 md:grid-cols-[auto_1fr]">
          <PictureField kind="logo" current={p.logo} />
          <PictureField kind="banner" current={p.banner} />
        </div>
      </section>
      <section aria-labelledby="details-heading" className="rounded-2xl bg-white p-5 shadow-sm">
        <h2 id="details-heading" className="mb-3 text-lg font-semibold text-slate-900">
          {t('About your shop')}
        </h2>
        <DetailsForm profile={p} />
      </section>
    </div>
  );
}

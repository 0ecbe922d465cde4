import { type CategoryType, deliveryCategories, type ProductDetail, shoppingCategories } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Lock, PackageX } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { type UseFormRegisterReturn, useForm, useWatch } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import { BackButton } from '@/components/back-button';
import { FormMessage, TextAreaField, TextField } from '@/components/form/text-field';
import { Notice } from '@/components/notice';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useCategories } from '@/lib/categories';
import { mediaUrl } from '@/lib/media';
import { useSession } from '@/lib/session';
import { useTenant } from '@/lib/tenant';
import { type FormImage, ImageEditor, newImageKey } from './image-editor';
import { formMessages as m } from './messages';
import { OptionEditor } from './option-editor';
import {
  emptyFormValues,
  emptyOptionRow,
  formValuesOf,
  liveDiscount,
  type ProductFormValues,
  productFormSchema,
  toProductInput,
} from './product-form-schema';
import {
  deleteProductImages,
  productDetailQuery,
  productKeys,
  saveImageOrder,
  saveProduct,
  uploadProductImage,
} from './products.api';
import '@/components/form/form.css';
import './products.css';
import { useSingleFlight } from '@/components/form/single-flight';
import { SubmitButton } from '@/components/form/submit-button';

function SelectField({
  label,
  error,
  options,
  registration,
  placeholder,
}: {
  label: string;
  error?: string;
  options: { value: string; label: string }[];
  registration: UseFormRegisterReturn;
  placeholder?: string;
}) {
  const id = useId();
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className="input select"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...registration}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function SwitchField({
  label,
  hint,
  registration,
}: {
  label: string;
  hint: string;
  registration: UseFormRegisterReturn;
}) {
  const id = useId();
  return (
    <div className="switch-field">
      <input id={id} type="checkbox" className="switch-input" aria-describedby={`${id}-hint`} {...registration} />
      <label htmlFor={id} className="switch-label">
        <span className="switch-track" aria-hidden="true" />
        {label}
      </label>
      <p id={`${id}-hint`} className="field-hint">
        {hint}
      </p>
    </div>
  );
}

function imagesOf(product: ProductDetail): FormImage[] {
  return [...product.media]
    .sort((a, b) => a.order - b.order)
    .map((item) => ({
      key: newImageKey(),
      kind: 'existing' as const,
      id: item.id,
      src: mediaUrl(item.thumbnail_url || item.file_path) ?? '',
    }));
}

interface ProductFormProps {
  product?: ProductDetail;
  initialKind: CategoryType;
  kinds: CategoryType[];
}

function ProductForm({ product, initialKind, kinds }: ProductFormProps) {
  const editing = !!product;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const shopping = useCategories('shopping');
  const delivery = useCategories('delivery');
  const [images, setImages] = useState<FormImage[]>(() => (product ? imagesOf(product) : []));
  const [progress, setProgress] = useState<Record<string, number>>({});
  const [status, setStatus] = useState<string | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  // Set once the product exists, so a retry after a failed upload edits it instead of creating another.
  const savedId = useRef<number | null>(product?.id ?? null);
  const removedIds = useRef<number[]>([]);

  const {
    register,
    handleSubmit,
    control,
    setValue,
    getValues,
    formState: { errors, isValid },
  } = useForm<ProductFormValues>({
    resolver: zodResolver(productFormSchema),
    mode: 'onChange',
    defaultValues: product ? formValuesOf(product) : emptyFormValues(initialKind),
  });
  const [kind, price, originalPrice, useOptions] = useWatch({
    control,
    name: ['kind', 'price', 'original_price', 'use_options'],
  });
  const discount = liveDiscount(price, originalPrice);
  const hadOptions = (product?.options.length ?? 0) > 0;
  const optionsSwitch = register('use_options');

  const changeImages = (next: FormImage[]) => {
    const nextKeys = new Set(next.map((i) => i.key));
    for (const image of images)
      if (image.kind === 'existing' && !nextKeys.has(image.key)) removedIds.current.push(image.id);
    setImages(next);
  };

  const flight = useSingleFlight();
  const submit = async (values: ProductFormValues) => {
    setSaving(true);
    setSaveError(null);
    setStatus(m.saving);
    try {
      const saved = await saveProduct(savedId.current, toProductInput(values));
      savedId.current = saved.id;
      if (removedIds.current.length) {
        await deleteProductImages(saved.id, removedIds.current);
        removedIds.current = [];
      }
      const pending = images.filter((i) => i.kind === 'new');
      let done = 0;
      const uploaded = new Map<string, number>();
      for (const image of pending) {
        setStatus(m.uploading(done, pending.length));
        setProgress((p) => ({ ...p, [image.key]: 0 }));
        const media = await uploadProductImage(saved.id, image.file, (f) =>
          setProgress((p) => ({ ...p, [image.key]: f })),
        );
        uploaded.set(image.key, media.id);
        done += 1;
      }
      // Uploaded images become saved ones, so a retry does not send them again.
      const ordered = images.map((i) =>
        i.kind === 'new' && uploaded.has(i.key)
          ? { key: i.key, kind: 'existing' as const, id: uploaded.get(i.key) as number, src: i.src }
          : i,
      );
      setImages(ordered);
      const ids = ordered.flatMap((i) => (i.kind === 'existing' ? [i.id] : []));
      if (ids.length) await saveImageOrder(saved.id, ids);
      await queryClient.invalidateQueries({ queryKey: productKeys.all });
      await queryClient.invalidateQueries({ queryKey: ['home'] });
      navigate(paths.merchantDashboard.getHref('products'), { state: { message: editing ? m.updated : m.created } });
    } catch (err) {
      setSaveError(err instanceof ApiError && err.message ? err.message : m.saveFailed);
      setStatus(null);
      setSaving(false);
    }
  };

  const shoppingOptions = (shopping.data ?? shoppingCategories).filter((c) => c.value !== 'all');
  const deliveryOptions = (delivery.data ?? deliveryCategories)
    .filter((c) => c.value !== 'all')
    .map((c) => ({ value: c.value, label: `${c.emoji ?? ''} ${c.label}`.trim() }));

  return (
    <form className="card product-form form-stack" onSubmit={flight.guard(handleSubmit(submit))} noValidate>
      {editing ? null : (
        <fieldset className="kind-tabs">
          <legend className="visually-hidden">{m.kindLabel}</legend>
          {kinds.map((k) => (
            <button
              key={k}
              type="button"
              className="kind-tab"
              aria-pressed={kind === k}
              disabled={saving || savedId.current !== null}
              onClick={() => setValue('kind', k, { shouldValidate: true })}
            >
              {k === 'shopping' ? m.kindShopping : m.kindDelivery}
            </button>
          ))}
        </fieldset>
      )}
      <TextField
        label={m.title}
        placeholder={m.titlePlaceholder}
        error={errors.title?.message}
        maxLength={100}
        {...register('title')}
      />
      <TextAreaField label={m.description} rows={5} error={errors.description?.message} {...register('description')} />
      {kind === 'shopping' ? (
        <SelectField
          label={m.category}
          placeholder={m.choose}
          options={shoppingOptions}
          error={errors.category?.message}
          registration={register('category')}
        />
      ) : (
        <SelectField
          label={m.deliveryCategory}
          placeholder={m.choose}
          options={deliveryOptions}
          error={errors.delivery_category?.message}
          registration={register('delivery_category')}
        />
      )}
      <SwitchField
        label={m.useOptions}
        hint={useOptions ? m.optionsPriceNote : hadOptions ? m.optionsDropWarning : m.useOptionsHint}
        registration={{
          ...optionsSwitch,
          onChange: async (event) => {
            await optionsSwitch.onChange(event);
            // Turned on with no rows yet: one empty row to fill in.
            if (event.target.checked && getValues('options').length === 0)
              setValue('options', [emptyOptionRow()], { shouldValidate: true });
          },
        }}
      />
      {useOptions ? (
        <OptionEditor control={control} register={register} errors={errors} disabled={saving} />
      ) : (
        <>
          <div className="form-columns">
            <TextField
              label={m.originalPrice}
              inputMode="numeric"
              hint={m.originalPriceHint}
              error={errors.original_price?.message}
              {...register('original_price')}
            />
            <TextField label={m.price} inputMode="numeric" error={errors.price?.message} {...register('price')} />
          </div>
          {discount > 0 ? (
            <p className="form-discount tabular" aria-live="polite">
              {m.discount(discount)}
            </p>
          ) : null}
          <TextField
            label={m.stock}
            inputMode="numeric"
            placeholder={m.stockPlaceholder}
            hint={m.stockHint}
            error={errors.stock?.message}
            {...register('stock')}
          />
        </>
      )}
      <SwitchField label={m.isAvailable} hint={m.isAvailableHint} registration={register('is_available')} />
      {kind === 'pickup' ? (
        <SwitchField label={m.isDelivery} hint={m.isDeliveryHint} registration={register('is_delivery')} />
      ) : null}
      <ImageEditor images={images} onChange={changeImages} progress={progress} disabled={saving} />
      {saveError ? <FormMessage tone="error">{saveError}</FormMessage> : null}
      <p className="form-status" role="status" aria-live="polite">
        {status}
      </p>
      <div className="form-buttons">
        <BackButton />
        <SubmitButton className="btn btn-primary btn-lg" pending={saving} pendingLabel={m.saving} disabled={!isValid}>
          {editing ? m.submitEdit : m.submitCreate}
        </SubmitButton>
      </div>
    </form>
  );
}

function EditScreen({ id }: { id: number }) {
  const { user } = useSession();
  const detail = useQuery(productDetailQuery(id));
  if (detail.isPending)
    return (
      <div className="card product-form" role="status" aria-live="polite">
        <span className="visually-hidden">{m.loading}</span>
        <div className="skeleton" style={{ height: 240 }} />
      </div>
    );
  if (detail.isError)
    return (
      <Notice level={2} icon={<PackageX size={30} />} title={m.loadFailed} role="alert" actions={<BackButton />}>
        <p>{detail.error.message}</p>
      </Notice>
    );
  if (detail.data.merchant.owner_id !== user?.id)
    return (
      <Notice level={2} icon={<Lock size={30} />} title={m.forbiddenTitle} actions={<BackButton />}>
        <p>{m.forbiddenText}</p>
      </Notice>
    );
  return <ProductForm product={detail.data} initialKind={detail.data.category_type} kinds={[]} />;
}

/** Product create (/products/create) and edit (/products/edit/{id}) for merchants (spec part 2, section 2). */
export default function ProductFormPage() {
  const { id } = useParams();
  const { isEnabled, displayName } = useTenant();
  const editId = id === undefined ? null : Number(id);
  const kinds: CategoryType[] = [];
  if (isEnabled('shopping')) kinds.push('shopping');
  if (isEnabled('delivery')) kinds.push('pickup');
  const title = editId === null ? m.createTitle : m.editTitle;

  useEffect(() => {
    document.title = `${title} | ${displayName}`;
    return () => {
      document.title = displayName;
    };
  }, [title, displayName]);

  return (
    <div className="container page product-form-page">
      <h1 className="page-title">{title}</h1>
      {editId === null ? (
        <ProductForm initialKind={kinds[0] ?? 'shopping'} kinds={kinds} />
      ) : Number.isInteger(editId) && editId > 0 ? (
        <EditScreen id={editId} />
      ) : (
        <Notice level={2} icon={<PackageX size={30} />} title={m.loadFailed} actions={<BackButton />} />
      )}
    </div>
  );
}

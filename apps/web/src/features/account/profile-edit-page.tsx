import type { DashboardProfile, User } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ImagePlus, RefreshCw, Trash2, TriangleAlert, UserRound } from 'lucide-react';
import { type ChangeEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useBlocker, useNavigate } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { AddressField } from '@/components/form/address-field';
import { withPasswordMatch } from '@/components/form/password-match';
import { FormMessage, TextAreaField, TextField } from '@/components/form/text-field';
import { Notice } from '@/components/notice';
import { paths } from '@/config/paths';
import { ApiError, apiErrorCode, apiErrorDetail } from '@/lib/api-client';
import { mediaUrl } from '@/lib/media';
import { type SessionUser, useSession } from '@/lib/session';
import {
  changePassword,
  deleteProfileImage,
  editProfileQuery,
  profileKey,
  saveProfile,
  uploadProfileImage,
} from './account.api';
import {
  BUSINESS_NUMBER_MAX_LENGTH,
  changedFields,
  checkProfileImage,
  type ProfileFormValues,
  passwordFormSchema,
  profileFormSchema,
  profileFormValues,
  SUCCESS_MESSAGE_MS,
} from './account-schemas';
import { DeleteAccount } from './delete-account';
import { accountMessages as m } from './messages';
import '@/components/form/form.css';
import './account.css';
import { formatOnInput } from '@/components/form/formatted-input';
import { useSingleFlight } from '@/components/form/single-flight';
import { SubmitButton } from '@/components/form/submit-button';
import { formatBusinessNumberInput } from '@/lib/format';
import { formatPhoneInput } from '@/lib/phone';

type Result = { tone: 'success' | 'error'; text: string } | null;

/** A chosen image waits for the save; so does a removal (spec part 3, 4: both make the form dirty). */
type ImageChange = { kind: 'none' } | { kind: 'upload'; file: File; preview?: string } | { kind: 'remove' };

function detailOf(err: unknown): { code?: string; detail?: string } {
  if (!(err instanceof ApiError)) return {};
  return { code: apiErrorCode(err), detail: apiErrorDetail(err) };
}

function previewOf(file: File): string | undefined {
  return typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : undefined;
}

function ProfileImageField({
  current,
  change,
  error,
  onChoose,
  onRemove,
  disabled,
}: {
  current: string | null;
  change: ImageChange;
  error: string | null;
  onChoose: (file: File) => void;
  onRemove: () => void;
  disabled: boolean;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const shown = change.kind === 'upload' ? change.preview : change.kind === 'remove' ? undefined : mediaUrl(current);
  const hasImage = change.kind === 'upload' || (change.kind === 'none' && !!current);
  const onFile = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (file) onChoose(file);
  };
  return (
    <div className="profile-image-field">
      <span className="avatar profile-image-preview">
        {shown ? <img src={shown} alt={m.imageAlt} /> : <UserRound size={40} aria-hidden="true" />}
      </span>
      <div className="profile-image-body">
        <p className="field-label">{m.imageSection}</p>
        <div className="profile-image-actions">
          <input
            ref={input}
            id={`${id}-file`}
            type="file"
            accept="image/*"
            className="visually-hidden"
            tabIndex={-1}
            aria-labelledby={`${id}-choose`}
            onChange={onFile}
            disabled={disabled}
          />
          <button
            id={`${id}-choose`}
            type="button"
            className="btn btn-outline"
            onClick={() => input.current?.click()}
            disabled={disabled}
          >
            <ImagePlus size={18} aria-hidden="true" />
            {hasImage ? m.imageChange : m.imageChoose}
          </button>
          {hasImage ? (
            <button type="button" className="btn btn-ghost" onClick={onRemove} disabled={disabled}>
              <Trash2 size={18} aria-hidden="true" />
              {m.imageRemove}
            </button>
          ) : null}
        </div>
        <p className="field-hint">{m.imageGuide}</p>
        {change.kind === 'upload' ? <p className="field-hint">{m.imagePending}</p> : null}
        {change.kind === 'remove' ? <p className="field-hint">{m.imageRemovePending}</p> : null}
        {error ? (
          <p className="field-error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
    </div>
  );
}

/**
 * The part 3 profile form: image, basic info, merchant info; cancel, reset (when changed) and save
 * (when changed); leaving with changes asks first; only changed fields are sent.
 */
function ProfileForm({ profile }: { profile: DashboardProfile }) {
  const queryClient = useQueryClient();
  const { updateUser, isSignedIn } = useSession();
  const navigate = useNavigate();
  const isMerchant = profile.user_type === 'merchant';
  // The values the form compares with: the loaded profile, then each saved answer.
  const [loaded, setLoaded] = useState(profile);
  const defaults = useMemo(() => profileFormValues(loaded), [loaded]);
  const schema = useMemo(
    () => profileFormSchema({ merchant: isMerchant, hadBusinessNumber: !!loaded.business_number }),
    [isMerchant, loaded.business_number],
  );
  const form = useForm<ProfileFormValues>({ resolver: zodResolver(schema), defaultValues: defaults });
  const { errors } = form.formState;
  const watched = useWatch({ control: form.control });
  const [image, setImage] = useState<ImageChange>({ kind: 'none' });
  const [imageError, setImageError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [result, setResult] = useState<Result>(null);
  const [resetOpen, setResetOpen] = useState(false);

  const changes = changedFields({ ...defaults, ...watched }, loaded, isMerchant);
  const dirty = Object.keys(changes).length > 0 || image.kind !== 'none';

  // The success message shows for 3 seconds (spec part 3, 4 and 9).
  useEffect(() => {
    if (result?.tone !== 'success') return;
    const timer = setTimeout(() => setResult(null), SUCCESS_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [result]);

  // A chosen image's preview address is freed when it is replaced or the form goes away.
  useEffect(
    () => () => {
      if (image.kind === 'upload' && image.preview) URL.revokeObjectURL(image.preview);
    },
    [image],
  );

  // Leaving with changes asks first: in-app navigation through the router, reloads and closing the
  // tab through the browser's own prompt.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty &&
      !saving &&
      // A sign-out (or a 401) leaves without asking: the changes could not be saved anyway.
      isSignedIn &&
      currentLocation.pathname + currentLocation.search !== nextLocation.pathname + nextLocation.search,
  );
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  const chooseImage = (file: File) => {
    const problem = checkProfileImage(file);
    setImageError(problem);
    if (problem) return;
    setResult(null);
    setImage({ kind: 'upload', file, preview: previewOf(file) });
  };
  const removeImage = () => {
    setImageError(null);
    setImage(loaded.profile_image ? { kind: 'remove' } : { kind: 'none' });
  };

  const resetAll = () => {
    form.reset(defaults);
    setImage({ kind: 'none' });
    setImageError(null);
    setResult(null);
    setResetOpen(false);
  };

  const cancel = () => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) navigate(-1);
    else navigate(paths.dashboard.getHref());
  };

  const flight = useSingleFlight();
  const onSubmit = form.handleSubmit(async () => {
    const body = changedFields(form.getValues(), loaded, isMerchant);
    setResult(null);
    setSaving(true);
    let next = loaded;
    let user: User | undefined;
    let fieldsSaved = false;
    try {
      if (image.kind !== 'none') {
        try {
          const answer = image.kind === 'upload' ? await uploadProfileImage(image.file) : await deleteProfileImage();
          next = { ...next, profile_image: answer.profile_image };
          user = answer.user;
          setImage({ kind: 'none' });
        } catch (err) {
          const failed = image.kind === 'upload' ? m.imageUploadFailed : m.imageDeleteFailed;
          const { detail } = detailOf(err);
          setResult({ tone: 'error', text: detail && detail !== failed ? `${failed} ${detail}` : failed });
          return;
        }
      }
      if (Object.keys(body).length > 0) {
        try {
          const answer = await saveProfile(body);
          next = answer.profile;
          user = answer.user;
          fieldsSaved = true;
        } catch (err) {
          const { code, detail } = detailOf(err);
          if (code === 'username_taken') {
            form.setError('username', { message: detail ?? m.usernameTaken }, { shouldFocus: true });
          } else setResult({ tone: 'error', text: detail ?? m.saveFailed });
          return;
        }
      } else fieldsSaved = true;
      setResult({ tone: 'success', text: m.saved });
    } finally {
      if (next !== loaded) {
        setLoaded(next);
        queryClient.setQueryData(profileKey, { profile: next });
        if (fieldsSaved) form.reset(profileFormValues(next));
      }
      // Merge the answer's user into the stored one and tell the rest of the app (spec part 3, 4).
      if (user) updateUser(user as Partial<SessionUser>);
      setSaving(false);
    }
  });

  return (
    <section className="card account-section" aria-labelledby="profile-heading">
      <h2 id="profile-heading">{m.profileSection}</h2>
      <form className="form-stack" noValidate onSubmit={flight.guard(onSubmit)}>
        <ProfileImageField
          current={loaded.profile_image}
          change={image}
          error={imageError}
          onChoose={chooseImage}
          onRemove={removeImage}
          disabled={saving}
        />
        <TextField
          label={m.username}
          autoComplete="nickname"
          hint={m.usernameHint}
          error={errors.username?.message}
          {...form.register('username')}
        />
        <TextField label={m.email} value={loaded.email} readOnly hint={m.emailHint} />
        <TextField
          label={m.phone}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder={m.phonePlaceholder}
          error={errors.phone?.message}
          {...formatOnInput(form.register('phone'), formatPhoneInput)}
        />
        <Controller
          control={form.control}
          name="address"
          render={({ field, fieldState }) => (
            <AddressField
              label={m.address}
              value={field.value}
              onChange={field.onChange}
              // The widget's postcode goes with the address it found (parcel orders need it).
              onPostcode={(postcode) =>
                form.setValue('postcode', postcode, { shouldDirty: true, shouldValidate: true })
              }
              onBlur={field.onBlur}
              error={fieldState.error?.message}
            />
          )}
        />
        <TextField
          label={m.postcode}
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={5}
          placeholder={m.postcodePlaceholder}
          hint={m.postcodeHint}
          error={errors.postcode?.message}
          {...form.register('postcode')}
        />
        {isMerchant ? (
          <fieldset className="account-fieldset">
            <legend>{m.merchantSection}</legend>
            <TextField
              label={m.businessName}
              error={errors.business_name?.message}
              {...form.register('business_name')}
            />
            <TextField
              label={m.businessNumber}
              inputMode="numeric"
              maxLength={BUSINESS_NUMBER_MAX_LENGTH}
              placeholder={m.businessNumberPlaceholder}
              hint={m.businessNumberHint}
              error={errors.business_number?.message}
              // 3-2-5 digits with hyphens while typing (spec part 3, 5).
              {...formatOnInput(form.register('business_number'), formatBusinessNumberInput)}
            />
            <TextAreaField
              label={m.businessDescription}
              error={errors.business_description?.message}
              {...form.register('business_description')}
            />
          </fieldset>
        ) : null}
        {dirty ? <FormMessage tone="info">{m.unsaved}</FormMessage> : null}
        {result ? <FormMessage tone={result.tone}>{result.text}</FormMessage> : null}
        <div className="account-actions">
          <button type="button" className="btn btn-ghost" onClick={cancel} disabled={saving}>
            {m.cancel}
          </button>
          {dirty ? (
            <button type="button" className="btn btn-outline" onClick={() => setResetOpen(true)} disabled={saving}>
              {m.reset}
            </button>
          ) : null}
          <SubmitButton pending={saving} pendingLabel={m.saving} disabled={!dirty}>
            {m.save}
          </SubmitButton>
        </div>
      </form>
      <ConfirmDialog
        open={resetOpen}
        onOpenChange={setResetOpen}
        title={m.resetTitle}
        text={m.resetConfirm}
        confirmLabel={m.reset}
        onConfirm={resetAll}
      />
      <ConfirmDialog
        open={blocker.state === 'blocked'}
        onOpenChange={(open) => {
          if (!open && blocker.state === 'blocked') blocker.reset();
        }}
        title={m.leaveTitle}
        text={m.leaveConfirm}
        confirmLabel={m.leave}
        onConfirm={() => blocker.proceed?.()}
      />
    </section>
  );
}

function PasswordForm() {
  const [result, setResult] = useState<Result>(null);
  const form = useForm({
    resolver: withPasswordMatch(zodResolver(passwordFormSchema), m.passwordMismatch, 'new_password'),
    mode: 'onTouched',
    defaultValues: { current_password: '', new_password: '', password_confirm: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const flight = useSingleFlight();
  const onSubmit = form.handleSubmit(async (values) => {
    setResult(null);
    try {
      await changePassword(values.current_password, values.new_password);
      form.reset();
      setResult({ tone: 'success', text: m.passwordChanged });
    } catch (err) {
      const { code, detail } = detailOf(err);
      if (code === 'wrong_password') {
        form.setError('current_password', { message: m.wrongPassword }, { shouldFocus: true });
      } else setResult({ tone: 'error', text: detail ?? m.passwordFailed });
    }
  });
  return (
    <section className="card account-section" aria-labelledby="password-heading">
      <h2 id="password-heading">{m.passwordSection}</h2>
      <form className="form-stack" noValidate onSubmit={flight.guard(onSubmit)}>
        <TextField
          label={m.currentPassword}
          type="password"
          autoComplete="current-password"
          error={errors.current_password?.message}
          {...form.register('current_password')}
        />
        <TextField
          label={m.newPassword}
          type="password"
          autoComplete="new-password"
          hint={m.newPasswordHint}
          error={errors.new_password?.message}
          {...form.register('new_password', { deps: ['password_confirm'] })}
        />
        <TextField
          label={m.passwordConfirm}
          type="password"
          autoComplete="new-password"
          error={errors.password_confirm?.message}
          {...form.register('password_confirm')}
        />
        {result ? <FormMessage tone={result.tone}>{result.text}</FormMessage> : null}
        <SubmitButton className="btn btn-outline btn-lg" pending={isSubmitting} pendingLabel={m.changingPassword}>
          {m.changePassword}
        </SubmitButton>
      </form>
    </section>
  );
}

/** /profile/edit (spec part 3): the profile from the dashboard call, password change, account deletion. */
export default function ProfileEditPage() {
  const profile = useQuery(editProfileQuery);
  return (
    <main id="main" className="container page account-page">
      <header className="account-header">
        <h1>{m.title}</h1>
        <p className="account-muted">{m.lead}</p>
      </header>
      {profile.isPending ? (
        <div className="card account-section" role="status" aria-live="polite">
          <span className="visually-hidden">{m.loading}</span>
          <div className="skeleton" style={{ height: 80 }} />
          <div className="skeleton" style={{ height: 240 }} />
        </div>
      ) : profile.isError ? (
        <div className="card account-section">
          <Notice
            level={2}
            role="alert"
            icon={<TriangleAlert size={30} />}
            title={m.profileLoadFailed}
            actions={
              <button type="button" className="btn btn-primary" onClick={() => profile.refetch()}>
                <RefreshCw size={18} aria-hidden="true" />
                {m.retry}
              </button>
            }
          />
        </div>
      ) : (
        <ProfileForm key={profile.data.profile.id} profile={profile.data.profile} />
      )}
      <PasswordForm />
      <DeleteAccount />
    </main>
  );
}

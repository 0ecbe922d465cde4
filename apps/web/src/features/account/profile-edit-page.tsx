import type { User } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { AlertDialog } from 'radix-ui';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { AddressField } from '@/components/form/address-field';
import { withPasswordMatch } from '@/components/form/password-match';
import { FormMessage, TextAreaField, TextField } from '@/components/form/text-field';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { type SessionUser, useSession } from '@/lib/session';
import { changePassword, deleteAccount, updateProfile } from './account.api';
import { type ProfileFormInput, passwordFormSchema, profileFormSchema, toProfileBody } from './account-schemas';
import { accountMessages as m } from './messages';
import '@/components/form/form.css';
import './account.css';

type Result = { tone: 'success' | 'error'; text: string } | null;
type StoredUser = SessionUser & Partial<Pick<User, 'merchant'>>;

function detailOf(err: unknown): { code?: string; detail?: string } {
  if (!(err instanceof ApiError)) return {};
  const data = (err.data ?? {}) as { code?: unknown; detail?: unknown };
  return {
    code: typeof data.code === 'string' ? data.code : undefined,
    detail: typeof data.detail === 'string' ? data.detail : undefined,
  };
}

function profileDefaults(user: StoredUser): ProfileFormInput {
  const merchant = user.merchant;
  return {
    username: user.username ?? '',
    phone: user.phone ?? '',
    address: user.address ?? '',
    profile_image: user.profile_image ?? '',
    merchant:
      user.user_type === 'merchant'
        ? {
            business_name: merchant?.business_name ?? '',
            business_number: merchant?.business_number ?? '',
            business_description: merchant?.business_description ?? '',
            address: merchant?.address ?? '',
            phone: merchant?.phone ?? '',
          }
        : undefined,
  };
}

function ProfileForm({ user }: { user: StoredUser }) {
  const { updateUser } = useSession();
  const [result, setResult] = useState<Result>(null);
  const form = useForm({ resolver: zodResolver(profileFormSchema), defaultValues: profileDefaults(user) });
  const { errors, isSubmitting } = form.formState;
  const isMerchant = user.user_type === 'merchant';

  const onSubmit = form.handleSubmit(async (values) => {
    setResult(null);
    try {
      const fresh = await updateProfile(toProfileBody(values));
      // Merge into the stored user and broadcast userDataUpdated (spec 4).
      updateUser(fresh as Partial<SessionUser>);
      form.reset(profileDefaults(fresh as StoredUser));
      setResult({ tone: 'success', text: m.saved });
    } catch (err) {
      const { code, detail } = detailOf(err);
      if (code === 'username_taken' || detail === 'Username already exists') {
        form.setError('username', { message: m.usernameTaken }, { shouldFocus: true });
      } else setResult({ tone: 'error', text: detail ?? m.saveFailed });
    }
  });

  return (
    <section className="card account-section" aria-labelledby="profile-heading">
      <h2 id="profile-heading">{m.profileSection}</h2>
      <form className="form-stack" noValidate onSubmit={onSubmit}>
        <TextField label={m.email} value={user.email} readOnly hint={m.emailHint} />
        <TextField
          label={m.username}
          autoComplete="nickname"
          error={errors.username?.message}
          {...form.register('username')}
        />
        <TextField
          label={m.phone}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder={m.phonePlaceholder}
          error={errors.phone?.message}
          {...form.register('phone')}
        />
        <Controller
          control={form.control}
          name="address"
          render={({ field, fieldState }) => (
            <AddressField
              label={m.address}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
            />
          )}
        />
        <TextField
          label={m.profileImage}
          type="url"
          inputMode="url"
          placeholder={m.profileImagePlaceholder}
          error={errors.profile_image?.message}
          {...form.register('profile_image')}
        />
        {isMerchant ? (
          <fieldset className="account-fieldset">
            <legend>{m.merchantSection}</legend>
            <TextField
              label={m.businessName}
              error={errors.merchant?.business_name?.message}
              {...form.register('merchant.business_name')}
            />
            <TextField
              label={m.businessNumber}
              inputMode="numeric"
              hint={m.businessNumberHint}
              error={errors.merchant?.business_number?.message}
              {...form.register('merchant.business_number')}
            />
            <TextAreaField
              label={m.businessDescription}
              error={errors.merchant?.business_description?.message}
              {...form.register('merchant.business_description')}
            />
            <Controller
              control={form.control}
              name="merchant.address"
              render={({ field, fieldState }) => (
                <AddressField
                  label={m.businessAddress}
                  value={field.value ?? ''}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={fieldState.error?.message}
                />
              )}
            />
            <TextField
              label={m.businessPhone}
              type="tel"
              inputMode="tel"
              error={errors.merchant?.phone?.message}
              {...form.register('merchant.phone')}
            />
          </fieldset>
        ) : null}
        {result ? <FormMessage tone={result.tone}>{result.text}</FormMessage> : null}
        <button type="submit" className="btn btn-primary btn-lg" disabled={isSubmitting}>
          {isSubmitting ? m.saving : m.save}
        </button>
      </form>
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
      <form className="form-stack" noValidate onSubmit={onSubmit}>
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
        <button type="submit" className="btn btn-outline btn-lg" disabled={isSubmitting}>
          {isSubmitting ? m.changingPassword : m.changePassword}
        </button>
      </form>
    </section>
  );
}

function DeleteAccount() {
  const { signOut } = useSession();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const remove = async () => {
    setBusy(true);
    setError(null);
    try {
      await deleteAccount();
      await signOut(paths.home.getHref());
    } catch (err) {
      setError(detailOf(err).detail ?? m.deleteFailed);
      setBusy(false);
    }
  };
  return (
    <section className="card account-section account-danger" aria-labelledby="delete-heading">
      <h2 id="delete-heading">{m.deleteSection}</h2>
      <p className="account-muted">{m.deleteText}</p>
      {error ? <FormMessage tone="error">{error}</FormMessage> : null}
      <AlertDialog.Root>
        <AlertDialog.Trigger asChild>
          <button type="button" className="btn btn-danger-outline">
            {m.deleteButton}
          </button>
        </AlertDialog.Trigger>
        <AlertDialog.Portal>
          <AlertDialog.Overlay className="account-dialog-overlay" />
          <AlertDialog.Content className="account-dialog">
            <AlertDialog.Title className="account-dialog-title">{m.deleteConfirmTitle}</AlertDialog.Title>
            <AlertDialog.Description className="account-muted">{m.deleteConfirmText}</AlertDialog.Description>
            <div className="account-dialog-actions">
              <AlertDialog.Cancel asChild>
                <button type="button" className="btn btn-outline">
                  {m.deleteCancel}
                </button>
              </AlertDialog.Cancel>
              <button type="button" className="btn btn-danger" onClick={remove} disabled={busy}>
                {busy ? m.deleting : m.deleteConfirm}
              </button>
            </div>
          </AlertDialog.Content>
        </AlertDialog.Portal>
      </AlertDialog.Root>
    </section>
  );
}

/** /profile/edit: profile fields, password change, account deletion with confirmation. */
export default function ProfileEditPage() {
  const { user } = useSession();
  if (!user) return null;
  return (
    <main id="main" className="container page account-page">
      <header className="account-header">
        <h1>{m.title}</h1>
        <p className="account-muted">{m.lead}</p>
      </header>
      <ProfileForm key={user.id} user={user as StoredUser} />
      <PasswordForm />
      <DeleteAccount />
    </main>
  );
}

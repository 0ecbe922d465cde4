import { MessageCircle } from 'lucide-react';
import { useState } from 'react';
import { FormMessage } from '@/components/form/text-field';
import { startKakaoLogin } from '../kakao';
import { authMessages as m } from '../messages';

/** Starts Kakao login; says so when the server cannot start it (spec 8). */
export function KakaoButton() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <>
      <button
        type="button"
        className="btn btn-kakao btn-lg btn-block"
        disabled={busy}
        onClick={async () => {
          setBusy(true);
          setError(null);
          try {
            await startKakaoLogin();
          } catch {
            setError(m.kakao.cannotStart);
            setBusy(false);
          }
        }}
      >
        <MessageCircle size={20} aria-hidden="true" fill="currentColor" />
        {m.login.kakao}
      </button>
      {error ? <FormMessage tone="error">{error}</FormMessage> : null}
    </>
  );
}

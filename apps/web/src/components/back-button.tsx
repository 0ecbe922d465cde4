import { ArrowLeft } from 'lucide-react';
import { useNavigate } from 'react-router';
import { routeMessages } from '@/messages/common';

/** Goes back in history, or home when the page was opened directly. */
export function BackButton({ className = 'btn btn-outline' }: { className?: string }) {
  const navigate = useNavigate();
  return (
    <button
      type="button"
      className={className}
      onClick={() => {
        if (window.history.length > 1) navigate(-1);
        else navigate('/', { replace: true });
      }}
    >
      <ArrowLeft size={18} aria-hidden="true" />
      {routeMessages.back}
    </button>
  );
}

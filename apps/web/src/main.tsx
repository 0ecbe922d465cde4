import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

function App() {
  return <p>준비 중입니다.</p>;
}

const root = document.getElementById('root');
if (root) createRoot(root).render(<StrictMode><App /></StrictMode>);

import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button } from '../ui/Button';

/** SPEC section 2: if an admin screen crashes, 'Something went wrong' with 'Reload Page'. */
export class AdminErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Admin screen crashed', error, info.componentStack);
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return (
      <div role="alert" className="mx-auto max-w-lg rounded-xl bg-white p-8 text-center shadow-sm ring-1 ring-red-200">
        <h1 className="text-2xl font-bold text-slate-900">Something went wrong</h1>
        <p className="mt-2 text-slate-600">An unexpected error stopped this screen. Reloading the page usually fixes it; nothing you saved is lost.</p>
        <Button className="mt-6" onClick={() => window.location.reload()}>
          Reload Page
        </Button>
      </div>
    );
  }
}

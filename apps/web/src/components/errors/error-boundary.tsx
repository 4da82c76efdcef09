import { Component, type ErrorInfo, type ReactNode } from 'react';
import { env } from '../../lib/env.ts';
import { reportError } from '../../lib/sentry.ts';
import { ErrorFallback } from './error-fallback.tsx';

export interface ErrorBoundaryProps {
  children: ReactNode;
  supportEmail?: string;
  /** Extra reporting hook (tests); console and the error reporter are always used. */
  onError?: (error: unknown, info: ErrorInfo) => void;
}

interface ErrorBoundaryState {
  error: { value: unknown } | null;
}

/** Catches rendering errors below it: normal -> error (logged) -> Try Again -> normal (spec §4). */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): ErrorBoundaryState {
    // Boxed so that even a thrown `undefined` or `null` counts as an error.
    return { error: { value: error } };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('A rendering error was caught by the error boundary.', error, info.componentStack);
    reportError(error, { componentStack: info.componentStack ?? null });
    this.props.onError?.(error, info);
  }

  reset = (): void => {
    this.setState({ error: null });
  };

  override render(): ReactNode {
    if (this.state.error) {
      return (
        <ErrorFallback
          onReset={this.reset}
          supportEmail={this.props.supportEmail ?? env.VITE_SUPPORT_EMAIL}
        />
      );
    }
    return this.props.children;
  }
}

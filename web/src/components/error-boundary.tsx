import { Component, type ErrorInfo, type ReactNode } from "react";
import { useQueryErrorResetBoundary } from "@tanstack/react-query";
import { ApiError } from "../lib/api-client";
import { CrashScreen } from "./crash-screen";

interface State {
  error: Error | null;
  errorId: string | null;
}

function newErrorId(): string {
  return `err_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
}

interface Props {
  children: ReactNode;
  /** Called by Try Again before the page renders again. */
  onReset?: () => void;
  /** Shows the crash screen in the page's area instead of over the whole window. */
  inline?: boolean;
}

/** Catches render failures below it and shows the crash screen; reports go to the console only. */
class CrashBoundary extends Component<Props, State> {
  override state: State = { error: null, errorId: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)), errorId: newErrorId() };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error("LiveQueue error report", {
      errorId: this.state.errorId,
      message: error.message,
      stack: error.stack,
      componentStack: info.componentStack,
      timestamp: new Date().toISOString(),
      userAgent: navigator.userAgent,
      url: window.location.href,
      ...(error instanceof ApiError ? { status: error.status, correlationId: error.correlationId } : {}),
    });
  }

  private readonly reset = () => {
    this.props.onReset?.();
    this.setState({ error: null, errorId: null });
  };

  override render(): ReactNode {
    const { error, errorId } = this.state;
    if (!error) return this.props.children;
    return <CrashScreen error={error} errorId={errorId ?? ""} onTryAgain={this.reset} inline={this.props.inline} />;
  }
}

/**
 * The crash screens around the app. A query that sends its failure here (the admin pages' reads) is
 * asked again by Try Again, instead of throwing its old error once more.
 */
export function ErrorBoundary({ children, inline }: { children: ReactNode; inline?: boolean }) {
  const { reset } = useQueryErrorResetBoundary();
  return (
    <CrashBoundary onReset={reset} inline={inline}>
      {children}
    </CrashBoundary>
  );
}

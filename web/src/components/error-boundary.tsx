import { Component, type ErrorInfo, type ReactNode } from "react";
import { ApiError } from "../lib/api-client";
import { CrashScreen } from "./crash-screen";

interface State {
  error: Error | null;
  errorId: string | null;
}

function newErrorId(): string {
  return `err_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
}

/** Catches render failures below it and shows the crash screen; reports go to the console only. */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
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

  private readonly reset = () => this.setState({ error: null, errorId: null });

  override render(): ReactNode {
    const { error, errorId } = this.state;
    if (!error) return this.props.children;
    return <CrashScreen error={error} errorId={errorId ?? ""} onTryAgain={this.reset} />;
  }
}

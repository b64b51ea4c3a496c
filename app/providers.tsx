"use client";
// Client-side providers: one TanStack Query client per browser tab, the page-wide "/" shortcut
// to the search, and the toasts that confirm completed actions.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { SearchShortcut } from "@/components/layout/search-shortcut";
import { Toaster } from "@/components/ui/toaster";

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(
    () =>
      new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false } } }),
  );
  return (
    <QueryClientProvider client={queryClient}>
      <SearchShortcut />
      {children}
      <Toaster />
    </QueryClientProvider>
  );
}

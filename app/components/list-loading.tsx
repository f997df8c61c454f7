// While a list reloads for new search params, say so ('Loading clients...').
import { useLocation, useNavigation } from "react-router";

export function useListReloading(): boolean {
  const navigation = useNavigation();
  const location = useLocation();
  return navigation.state === "loading" && navigation.location.pathname === location.pathname;
}

export function ListLoading({ text }: { text: string }) {
  return (
    <p role="status" className="py-6 text-center text-sm text-muted-foreground">
      {text}
    </p>
  );
}

import { useEffect } from "react";
import { Toaster, type ToasterProps, toast } from "sonner";
import { toasterMounted } from "../lib/toast.ts";

/** sonner's Toaster; once it listens (its effect runs before ours), waiting toasts may show. */
export default function SonnerToaster(props: ToasterProps) {
	useEffect(() => toasterMounted(toast), []);
	return <Toaster {...props} />;
}

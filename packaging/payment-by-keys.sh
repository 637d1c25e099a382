# Sourced by the checks that record a payment on an installed desk by keyboard (fresh-check's
# Debian desk, msi-check's Windows one). `payment_by_keys ORDER LOG` types what a cashier types
# from the orders list, each step waiting for what the person would see: the form, the review
# page's duplicate check (its read of the order's payments), the service's confirmation. The
# caller defines key (xdotool on its display), window_named, wait_in_log (reading LOG) and fail.
# shellcheck shell=bash
payment_by_keys() { # $1: the order, $2: the desk's log
    local order=$1 log=$2 reads
    key key ctrl+f
    key type "$order"
    key key F8
    window_named "^Record payment — order $order$" >/dev/null ||
        { tail -n 40 "$log"; fail "F8 did not open the payment form"; }
    reads=$(grep -c "orders-payment/payments" "$log" || true)
    key type 4242
    key key Tab
    key type 778899
    key key Tab
    key type AB12CD
    key key alt+b
    key type V
    key key Return
    wait_in_log "orders-payment/payments" $((reads + 1)) "the duplicate check"
    sleep 0.5 # the review page is drawn after that read's answer, in the same turn of the loop
    key key Return
    wait_in_log "payment .* confirmed by the service" 1 "the service's confirmation"
}

//! The connections each client address holds open: a cap per address, so
//! that one machine's slow or idle connections cannot take every place of
//! the server's global cap ([`crate::Config::max_connections`]).

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex, PoisonError};

/// How many connections each address has open, and the most it may.
pub struct Addresses {
    cap: usize,
    open: Mutex<HashMap<IpAddr, usize>>,
}

/// One open connection of an address; dropping it (the connection ended)
/// gives the address its place back.
pub struct Held {
    addresses: Arc<Addresses>,
    ip: IpAddr,
}

impl Addresses {
    /// At most `cap` connections per address (at least one).
    pub fn new(cap: usize) -> Arc<Addresses> {
        Arc::new(Addresses {
            cap: cap.max(1),
            open: Mutex::new(HashMap::new()),
        })
    }

    /// A place for one more connection from `ip`, or `None` when it has
    /// its cap open already.
    pub fn admit(self: &Arc<Self>, ip: IpAddr) -> Option<Held> {
        let mut open = self.open.lock().unwrap_or_else(PoisonError::into_inner);
        let count = open.entry(ip).or_insert(0);
        if *count >= self.cap {
            return None;
        }
        *count += 1;
        Some(Held {
            addresses: Arc::clone(self),
            ip,
        })
    }

    /// How many connections `ip` has open.
    #[cfg(test)]
    fn open(&self, ip: IpAddr) -> usize {
        let open = self.open.lock().unwrap_or_else(PoisonError::into_inner);
        open.get(&ip).copied().unwrap_or(0)
    }
}

impl Drop for Held {
    fn drop(&mut self) {
        let mut open = self
            .addresses
            .open
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        if let Some(count) = open.get_mut(&self.ip) {
            *count -= 1;
            // An address with nothing open takes no memory: the map holds
            // only the addresses connected now.
            if *count == 0 {
                open.remove(&self.ip);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_address_holds_at_most_its_cap_and_gets_places_back() {
        let addresses = Addresses::new(2);
        let (a, b): (IpAddr, IpAddr) = ("10.0.0.1".parse().unwrap(), "::1".parse().unwrap());
        let first = addresses.admit(a).unwrap();
        let _second = addresses.admit(a).unwrap();
        assert!(addresses.admit(a).is_none(), "a third is refused");
        assert!(addresses.admit(b).is_some(), "another address is not");
        drop(first);
        assert_eq!(addresses.open(a), 1);
        let _third = addresses
            .admit(a)
            .expect("a closed connection's place is free");
        drop(_third);
        drop(_second);
        assert_eq!(addresses.open.lock().unwrap().len(), 0);
    }
}

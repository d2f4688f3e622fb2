//! The command line's arguments, as both subcommands read them: flags,
//! `--name value` and `--name=value`, and positional directories.

/// Arguments being read, one at a time.
pub(super) struct Args<'a> {
    args: &'a [String],
    next: usize,
}

impl<'a> Args<'a> {
    pub(super) fn new(args: &'a [String]) -> Self {
        Args { args, next: 0 }
    }

    /// The next argument.
    pub(super) fn next_arg(&mut self) -> Option<&'a str> {
        let arg = self.args.get(self.next)?;
        self.next += 1;
        Some(arg)
    }

    /// For an argument `arg` that is the option `name` (`--name value` or
    /// `--name=value`), its value (`missing` when there is none); `None` for
    /// any other argument.
    pub(super) fn value(
        &mut self,
        arg: &str,
        name: &str,
        missing: &str,
    ) -> Option<Result<String, String>> {
        if let Some(value) = arg.strip_prefix(name).and_then(|r| r.strip_prefix('=')) {
            return Some(Ok(value.to_owned()));
        }
        if arg != name {
            return None;
        }
        Some(
            self.next_arg()
                .map(str::to_owned)
                .ok_or_else(|| missing.to_owned()),
        )
    }
}

impl Args<'_> {
    /// For `--kubernetes-version <RELEASE>` (or `=<RELEASE>`), the supported
    /// release it names; `None` for any other argument.
    pub(super) fn release(&mut self, arg: &str) -> Option<Result<crate::Release, String>> {
        let missing = "--kubernetes-version needs a release, such as 1.36";
        let value = self.value(arg, "--kubernetes-version", missing)?;
        Some(value.and_then(|v| crate::Release::parse_supported(&v)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_follow_the_option_or_an_equals_sign() {
        let raw: Vec<String> = ["--type", "A", "--type=B", "--type", "dir"]
            .map(String::from)
            .to_vec();
        let mut args = Args::new(&raw);
        let mut got = Vec::new();
        while let Some(arg) = args.next_arg() {
            got.push(args.value(arg, "--type", "needs a value"));
        }
        assert_eq!(
            got,
            [
                Some(Ok("A".to_owned())),
                Some(Ok("B".to_owned())),
                Some(Ok("dir".to_owned()))
            ]
        );
        let raw = vec!["--type".to_owned()];
        let mut args = Args::new(&raw);
        let arg = args.next_arg().unwrap();
        assert_eq!(
            args.value(arg, "--type", "needs a value"),
            Some(Err("needs a value".into()))
        );
        assert_eq!(args.value("--typed", "--type", ""), None);
    }
}

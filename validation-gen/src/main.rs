//! The `validation-gen` command.

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let code = k8s_validation_gen::cli::run(&args, &mut std::io::stdout(), &mut std::io::stderr());
    std::process::exit(code);
}

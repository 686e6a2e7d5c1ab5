package org.tuningworkbench.engine.exec;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Where configs are built and measured: this machine, another host over SSH
 * ({@code ssh://[user@]host[:port]}), or jobs on a Slurm cluster ({@code slurm[:PARTITION]}).
 */
public sealed interface Target {

    /** The target as it is written on the command line and in a project's {@code [target]}. */
    String text();

    /** This machine. */
    record Local() implements Target {
        @Override
        public String text() {
            return "local";
        }
    }

    /** A host reached with the system's {@code ssh}; {@code user} null and {@code port} 0 leave them to the ssh configuration. */
    record Ssh(String user, String host, int port) implements Target {
        @Override
        public String text() {
            return "ssh://" + (user == null ? "" : user + "@") + host + (port == 0 ? "" : ":" + port);
        }
    }

    /** Jobs submitted with {@code sbatch}; {@code partition} null is the cluster's default partition. */
    record Slurm(String partition) implements Target {
        @Override
        public String text() {
            return partition == null ? "slurm" : "slurm:" + partition;
        }
    }

    Target LOCAL = new Local();

    Pattern SSH = Pattern.compile("ssh://(?:([A-Za-z0-9._][A-Za-z0-9._-]*)@)?([A-Za-z0-9._-]+|\\[[0-9A-Fa-f:.]+])(?::(\\d{1,5}))?/?");
    Pattern SLURM = Pattern.compile("slurm(?::([A-Za-z0-9._-]+))?");

    /** Reads a target; an unreadable one is refused with the forms it may take. */
    static Target parse(String text) {
        String t = text.strip();
        if (t.equals("local")) return LOCAL;
        Matcher ssh = SSH.matcher(t);
        if (ssh.matches()) {
            int port = ssh.group(3) == null ? 0 : Integer.parseInt(ssh.group(3));
            if (ssh.group(3) != null && (port < 1 || port > 65535)) throw new IllegalArgumentException("target `" + t + "`: port " + port + " is not 1-65535");
            return new Ssh(ssh.group(1), ssh.group(2), port);
        }
        Matcher slurm = SLURM.matcher(t);
        if (slurm.matches()) return new Slurm(slurm.group(1));
        throw new IllegalArgumentException("target `" + t + "` is not one of local, ssh://[user@]host[:port] or slurm[:PARTITION]");
    }
}
